/**
 * The Imports screen's upload plan in the browser: billing staff choose a file at the upload field
 * (of the path's name and size), its upload held and answered with the report the path says
 * (imported, refused whole) or failed, then the list of imports asked again.
 */
import type { ImportReport } from '@contracts/partner-api';
import type { statementUploadMachine } from '@machines/console/statement-upload.machine';
import type { ChosenStatement, StatementUploadProblem, UploadedReport } from '@machines/console/statement-upload.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { expect } from '../fixtures';
import type { BrowserPaths, PathRun } from './browser-paths';
import { json, type Answer } from './call-gate';
import { consoleFailure, consoleFailureMessages, openConsoleScreen } from './console-page';

type Snapshot = SnapshotFrom<typeof statementUploadMachine>;

/** The upload (POST) and the list (GET) share their address. */
const imports = 'console/imports';
const upload = (page: Page) => page.getByRole('region', { name: 'Upload a statement file', exact: true });
const fileField = (page: Page) => upload(page).getByLabel('Statement file (CSV, at most 64 MB)');
const snapshotOf = (run: PathRun) => run.after as Snapshot;

const refusedWhole = 'The header names no account_number column.';

/** The report the server answers for the file the path sent. */
function reportOf(facts: UploadedReport, fileName: string): ImportReport {
  const imported = facts.status === 'imported';
  return {
    id: facts.id,
    status: facts.status,
    message: imported ? null : refusedWhole,
    source: 'csv',
    fileName,
    scope: 'partial',
    dryRun: false,
    producedAt: null,
    startedAt: '2026-11-27T15:00:00Z',
    finishedAt: '2026-11-27T15:00:01Z',
    rowsRead: imported ? 12 : 0,
    rowsRefused: 0,
    accounts: { created: imported ? 3 : 0, updated: 0, unchanged: 0 },
    invoices: { created: imported ? 9 : 0, updated: 0, unchanged: 0, closed: 0 },
    problems: [],
    problemCount: 0,
  };
}

const problemMessages: Record<StatementUploadProblem, string> = {
  notCsv: 'This is not a CSV statement file. Choose the .csv file your billing system writes.',
  tooLarge: "This file is larger than 64 MB. Split it, or send it through the billing office's API.",
  forbidden: 'Your role does not import statements. Ask an office admin.',
  ...consoleFailureMessages,
};

/** How the server (or the network) fails an upload as the machine's problem says. */
function failedUpload(problem: StatementUploadProblem): Answer {
  if (problem === 'notCsv') return json({ error: 'unsupportedMediaType' }, 415);
  if (problem === 'tooLarge') return json({ error: 'payloadTooLarge' }, 413);
  if (problem === 'forbidden') return json({ error: 'forbidden' }, 403);
  return consoleFailure({ code: problem });
}

/** The report of the file just sent, and the list asked again with it at its top. */
async function expectReport(run: PathRun, status: 'Imported' | 'Refused'): Promise<void> {
  const { context } = snapshotOf(run);
  const name = context.chosen?.name ?? '';
  const report = upload(run.page).getByRole('region', { name: `Report of ${name}: ${status}` });
  await expect(report).toBeVisible();
  // In words, then the server's reason (marked as English).
  if (status === 'Refused') await expect(report.locator('.form-error')).toContainText(new RegExp(`^The file was refused whole, and nothing changed\\..* ${refusedWhole.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  else await expect(report).toContainText('Accounts: 3 new, 0 updated, 0 unchanged');
  if (context.report) {
    const { problems: _problems, ...summary } = reportOf(context.report, name);
    await run.gate.answer(imports, json({ imports: [summary] }));
  }
  await expect(run.page.getByRole('region', { name: 'The last 50 imports' }).getByRole('row').filter({ hasText: name })).toContainText(status);
  await expect(fileField(run.page)).toBeEnabled();
  await expect(upload(run.page).getByRole('alert')).toHaveCount(0);
}

/**
 * Keeps the page's uploads at hand (window.__uploads), for a path's "the browser has sent so
 * much" step: a held upload sends nothing, so the step reports its progress as the browser would,
 * on the upload itself, and the page's own handler takes it from there.
 */
async function keepUploads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const uploads: XMLHttpRequest[] = [];
    Object.assign(window, { __uploads: uploads });
    const original = Object.getOwnPropertyDescriptor(XMLHttpRequest.prototype, 'send')?.value as (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) => void;
    XMLHttpRequest.prototype.send = function keep(this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      uploads.push(this);
      original.call(this, body);
    };
  });
}

export const statementUploadPaths: BrowserPaths = {
  machine: 'statement-upload',
  start: async (run) => {
    await keepUploads(run.page);
    await openConsoleScreen(run, { screen: 'imports', role: 'billingStaff', load: { endpoint: imports, body: { imports: [] } }, heading: 'Imports' });
  },
  steps: {
    // The file the path names, of its size (its bytes are the test's: the server never sees them).
    'file.choose': async (run, event) => {
      const chosen = event.statement as ChosenStatement;
      // While a file is on its way, the field takes no other.
      if (run.before.matches('uploading')) {
        await expect(fileField(run.page)).toBeDisabled();
        return;
      }
      await fileField(run.page).setInputFiles({ name: chosen.name, mimeType: 'text/csv', buffer: Buffer.alloc(chosen.size, 'a') });
      if (run.after.matches('uploading')) await run.gate.arrived(imports);
    },
    // The browser reports how much of the held upload it has sent.
    'upload.progress': (run, event) =>
      run.page.evaluate(({ sent, total }) => {
        const upload = (window as unknown as { __uploads: XMLHttpRequest[] }).__uploads.at(-1);
        if (!upload) throw new Error('No upload was sent');
        upload.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: sent, total }));
      }, { sent: Number(event.sent), total: Number(event.total) }),
    'upload.answered': (run, event) => run.gate.answer(imports, json(reportOf(event.report as UploadedReport, snapshotOf(run).context.chosen?.name ?? ''), (event.report as UploadedReport).status === 'refused' ? 422 : 201)),
    'upload.failed': (run, event) => run.gate.answer(imports, failedUpload(event.problem as StatementUploadProblem)),
  },
  screens: {
    // The field, and the problem of a file refused before it was sent.
    'statementUpload.choosing': async ({ page, after }) => {
      const { problem } = (after as Snapshot).context;
      if (problem === null) await expect(upload(page).getByRole('alert')).toHaveCount(0);
      else {
        await expect(upload(page).getByRole('alert')).toHaveText(problemMessages[problem]);
        await expect(fileField(page)).toHaveAccessibleDescription(problemMessages[problem]);
      }
      await expect(fileField(page)).toBeEnabled();
      await expect(upload(page).getByRole('region', { name: /^Report of / })).toHaveCount(0);
    },
    // The file's progress, the field closed meanwhile.
    'statementUpload.uploading': async (run) => {
      const { context } = snapshotOf(run);
      const name = context.chosen?.name ?? '';
      const status = upload(run.page).getByRole('status');
      if (context.sent < context.total) await expect(status).toContainText(`Sending ${name}:`);
      else await expect(status).toContainText(`${name} is sent; importing it…`);
      await expect(upload(run.page).getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
      await expect(fileField(run.page)).toBeDisabled();
    },
    'statementUpload.done': (run) => expectReport(run, 'Imported'),
    'statementUpload.refused': (run) => expectReport(run, 'Refused'),
    'statementUpload.failed': async ({ page, after }) => {
      const { problem } = (after as Snapshot).context;
      await expect(upload(page).getByRole('alert')).toHaveText(problemMessages[problem ?? 'serverError']);
      await expect(fileField(page)).toBeEnabled();
    },
  },
};
