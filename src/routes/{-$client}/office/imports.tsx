import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ConsoleScreen } from '@/console/console-screen';
import { ImportsScreen } from '@/console/imports-screen';
import { loadImports, type Loaded } from '@/console/screen-loads';

/** The statement files brought in, and a new one. */
export const Route = createFileRoute('/{-$client}/office/imports')({
  loader: ({ context, abortController }) => loadImports(context.console, abortController.signal),
  gcTime: 0,
  staticData: {
    title: msg`Imports`,
  },
  component: ImportsRoute,
});

function ImportsRoute() {
  const loaded: Loaded<typeof loadImports> = Route.useLoaderData();
  return <ConsoleScreen loaded={loaded}>{(imports, { may }) => <ImportsScreen imports={imports} canUpload={may.importStatements} />}</ConsoleScreen>;
}
