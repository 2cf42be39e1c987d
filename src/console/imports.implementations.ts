/** The effects of the Imports screen's machines: the upload with its progress and what its failures mean, the list and a report. */
import type { ImportReport } from '@contracts/partner-api';
import type { importListMachine } from '@machines/console/import-list.machine';
import type { statementUploadMachine } from '@machines/console/statement-upload.machine';
import type { StatementUploadProblem } from '@machines/console/statement-upload.types';
import { fromCallback, fromPromise, type MachineImplementationsFrom } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { getImportReport, listImports, uploadStatementFile } from './office-api';

function problemOf(error: unknown): StatementUploadProblem {
  if (!(error instanceof ApiError)) return 'serverError';
  if (error.code === 'notSignedIn') return 'expired';
  if (error.code === 'forbidden' || error.code === 'network') return error.code;
  if (error.status === 413) return 'tooLarge';
  if (error.status === 415) return 'notCsv';
  return 'serverError';
}

/** `onReport` gets each report the upload answers, for the screen to show whole. */
export function createStatementUploadImplementations({ onReport }: { onReport: (report: ImportReport) => void }): MachineImplementationsFrom<typeof statementUploadMachine> {
  return {
    actors: {
      upload: fromCallback(({ input, sendBack }) => {
        const controller = new AbortController();
        uploadStatementFile(input.file, input.fileName, { signal: controller.signal, onProgress: (sent, total) => sendBack({ type: 'upload.progress', sent, total }) }).then(
          (report) => {
            onReport(report);
            sendBack({ type: 'upload.answered', report: { id: report.id, status: report.status } });
          },
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'upload.failed', problem: problemOf(error) });
          },
        );
        return () => controller.abort();
      }),
    },
  };
}

/** The list's and the report's calls, aborted when the screen goes. */
export function createImportListImplementations(): MachineImplementationsFrom<typeof importListMachine> {
  return {
    actors: {
      listImports: fromPromise(({ signal }) => listImports({ signal })),
      getImportReport: fromPromise(({ input, signal }) => getImportReport(input.id, { signal })),
    },
  };
}
