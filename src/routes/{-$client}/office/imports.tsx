import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ImportsScreen } from '@/features/office/imports-screen';
import { getStaffSession, listImports } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';

export const Route = createFileRoute('/{-$client}/office/imports')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ abortController }) => {
    const [imports, session] = await Promise.all([listImports({ signal: abortController.signal }), getStaffSession({ signal: abortController.signal })]);
    return { imports, session };
  },
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Imports`,
  },
  component: ImportsRoute,
  errorComponent: OfficeLoadFailed,
});

function ImportsRoute() {
  const { imports, session } = Route.useLoaderData();
  if (session.stage !== 'signedIn') return null;
  return <ImportsScreen imports={imports} role={session.role} />;
}
