/**
 * The Imports screen's list plan in the browser: billing staff on the lab's last imports, the
 * list's calls held and answered as the path says (the rows, or the network down), an upload that
 * finishes asking for the list at once, the page's clock moved on for the next look while an
 * import runs, and an import's report asked for by its row's button.
 */
import type { ImportReport } from '@contracts/partner-api';
import type { importListMachine } from '@machines/console/import-list.machine';
import type { ImportSummary } from '@machines/console/import-list.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { expect } from '../fixtures';
import type { BrowserPaths, PathRun } from './browser-paths';
import { json, offline } from './call-gate';
import { runClock, installClock } from './clock';
import { openConsoleScreen } from './console-page';

type Snapshot = SnapshotFrom<typeof importListMachine>;

/** The list (GET) and an upload (POST) share their address; a report has its own. */
const imports = 'console/imports';
const reportOf = (id: number) => `${imports}/${String(id)}`;
/** How often the list is asked for again while an import runs (the machine's pollInterval). */
const pollInterval = 1500;
const failedMessage = 'We could not load the imports. Check your connection, then reload the page.';
const statusNames: Record<ImportSummary['status'], string> = { running: 'Running', imported: 'Imported', refused: 'Refused' };

const snapshotOf = (run: PathRun) => run.after as Snapshot;
const list = (page: Page) => page.getByRole('region', { name: 'The last 50 imports', exact: true });
const upload = (page: Page) => page.getByRole('region', { name: 'Upload a statement file', exact: true });

/** The report the server answers for an uploaded file: imported, and the list asked for again. */
function uploadedReport(fileName: string): ImportReport {
  return {
    id: 9,
    status: 'imported',
    message: null,
    source: 'csv',
    fileName,
    scope: 'partial',
    dryRun: false,
    producedAt: null,
    startedAt: '2026-11-27T15:00:00Z',
    finishedAt: '2026-11-27T15:00:01Z',
    rowsRead: 4,
    rowsRefused: 0,
    accounts: { created: 1, updated: 0, unchanged: 0 },
    invoices: { created: 2, updated: 0, unchanged: 0, closed: 0 },
    problems: [],
    problemCount: 0,
  };
}

/** The rows the machine holds, each with its status, and the failure said only while it lasts. */
async function expectList(run: PathRun): Promise<void> {
  const { imports: rows, failed } = snapshotOf(run).context;
  const table = list(run.page);
  await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
  for (const row of rows) await expect(table.getByRole('row').filter({ hasText: row.fileName })).toContainText(statusNames[row.status]);
  await expect(run.page.getByText(failedMessage)).toHaveCount(failed ? 1 : 0);
}

export const importListPaths: BrowserPaths = {
  machine: 'import-list',
  start: async (run) => {
    // The next look while an import runs is the page's clock's to move.
    await installClock(run.page);
    await openConsoleScreen(run, { screen: 'imports', role: 'billingStaff', load: { endpoint: imports, body: { imports: snapshotOf(run).context.imports } }, heading: 'Imports', hold: [reportOf(7)] });
  },
  steps: {
    // A file of this person's is uploaded and imported: the list is asked for at once.
    'imports.refresh': async (run) => {
      const fileName = `upload-${String(run.index)}.csv`;
      await upload(run.page).getByLabel('Statement file (CSV, at most 64 MB)').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from('account_number\n') });
      await run.gate.answer(imports, json(uploadedReport(fileName), 201));
      await expect(upload(run.page).getByRole('region', { name: `Report of ${fileName}: Imported` })).toBeVisible();
      await run.gate.arrived(imports);
    },
    'xstate.after.pollInterval.importList.list.waiting': async (run) => {
      await runClock(run.page, pollInterval);
      await run.gate.arrived(imports);
    },
    'xstate.done.actor.listImports': (run, event) => run.gate.answer(imports, json({ imports: event.output as ImportSummary[] })),
    'xstate.error.actor.listImports': (run) => run.gate.answer(imports, offline),
    'report.show': async (run, event) => {
      await list(run.page).getByRole('button', { name: `Show the report of statement-${String(event.id)}.csv` }).click();
      await run.gate.arrived(reportOf(Number(event.id)));
    },
    'xstate.done.actor.getImportReport': (run, event) => run.gate.answer(reportOf(7), json(event.output)),
    'xstate.error.actor.getImportReport': (run) => run.gate.answer(reportOf(7), offline),
  },
  screens: {
    'importList.list.settled': expectList,
    'importList.list.waiting': expectList,
    'importList.list.refreshing': expectList,
    // The report last asked for, once it has come; none before.
    'importList.report.idle': async (run) => {
      const { shown } = snapshotOf(run).context;
      const reports = run.page.getByRole('region', { name: /^Report of statement-/ });
      if (shown) await expect(reports).toHaveAccessibleName(`Report of ${shown.fileName}: ${statusNames[shown.status]}`);
      else await expect(reports).toHaveCount(0);
    },
    'importList.report.loading': async (run) => {
      await expect(list(run.page).getByRole('button', { name: 'Show the report of statement-7.csv' })).toBeVisible();
    },
  },
};
