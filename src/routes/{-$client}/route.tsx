import { createFileRoute } from '@tanstack/react-router';
import { parseClientSegment } from '@/lib/client-segment';
import { followSessionClient } from '@/app/guards';
import { ensureScreenMessages } from '@/lib/i18n';

/** The landing page, bare or under a client code: it needs only the shell's messages. */
const landingPath = /^\/([A-Za-z]{2,4}\/?)?$/;

/**
 * Every page lives here, with or without a leading client code: `/login` and `/SUN/login`.
 * A first segment that is not 2 to 4 letters does not match, so it reaches the not-found screen.
 */
export const Route = createFileRoute('/{-$client}')({
  params: {
    parse: parseClientSegment,
    stringify: ({ client }) => ({ client }),
  },
  // Runs on every navigation (a loader would not run again between two child screens).
  beforeLoad: async ({ context, params, location }) => {
    followSessionClient({ context, params, location });
    context.app.send({ type: 'app.addressChanged', code: params.client ?? null });
    if (!landingPath.test(location.pathname)) await ensureScreenMessages();
  },
});
