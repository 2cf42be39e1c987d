import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { getStaffSession } from '@/features/office/office-api';
import { OfficeLayout } from '@/features/office/office-layout';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';
import { ensureOfficeMessages } from '@/lib/i18n';
import { loadOnce } from '@/lib/rendered-loader-data';

// The billing office's console: its code and styles load with its first screen, never with the patients'.
export const Route = createFileRoute('/{-$client}/office')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  // Where this browser's staff session stands, asked again on every visit (it may have ended).
  loader: async ({ abortController }) => {
    await ensureOfficeMessages();
    return loadOnce('/{-$client}/office', () => getStaffSession({ signal: abortController.signal }));
  },
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Billing office`,
  },
  component: OfficeRoute,
  errorComponent: OfficeLoadFailed,
});

function OfficeRoute() {
  const session = Route.useLoaderData();
  const { client } = Route.useParams();
  return <OfficeLayout session={session} clientCode={client} />;
}
