import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BrandingScreen } from '@/features/office/branding-screen';
import { getBranding, getStaffSession } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';

export const Route = createFileRoute('/{-$client}/office/branding')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ abortController }) => {
    const [branding, session] = await Promise.all([getBranding({ signal: abortController.signal }), getStaffSession({ signal: abortController.signal })]);
    return { branding, session };
  },
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Branding`,
  },
  component: BrandingRoute,
  errorComponent: OfficeLoadFailed,
});

function BrandingRoute() {
  const { branding, session } = Route.useLoaderData();
  if (session.stage !== 'signedIn') return null;
  return <BrandingScreen branding={branding} role={session.role} clientName={session.clientName} />;
}
