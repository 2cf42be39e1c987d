import { createFileRoute } from '@tanstack/react-router';
import { parseClientSegment } from '@/lib/client-segment';

/**
 * Every page lives here, with or without a leading client code: `/login` and `/SUN/login`.
 * A first segment that is not 2 to 4 letters does not match, so it reaches the not-found screen.
 */
export const Route = createFileRoute('/{-$client}')({
  params: {
    parse: parseClientSegment,
    stringify: ({ client }) => ({ client }),
  },
  beforeLoad: ({ context, params }) => {
    if (params.client) context.client.send({ type: 'client.select', code: params.client });
  },
});
