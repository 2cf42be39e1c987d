/**
 * Billing staff upload a statement file (`/{client}/office/imports`): they choose a CSV file, the
 * browser sends it (its progress shown), the server imports it and answers its report. The outcome
 * is done (imported, with its counts), refused (refused whole, changing nothing, or with refused
 * rows) or failed (the network, the server, a session that ended): each says so, and another file
 * may be chosen at once.
 */
import { assign, fromCallback, setup } from 'xstate';
import type { ChosenStatement, UploadedReport, StatementUploadProblem, StatementUploadContext, StatementUploadEvent } from './statement-upload.types';

/** The largest file the console takes (contracts/console-work.ts MAX_CONSOLE_STATEMENT_BYTES). */
export const MAX_STATEMENT_BYTES = 64 * 1024 * 1024;

/** A chosen file's problem before it is sent: not a .csv file, empty, or over 64 MB. */
export function chosenStatementProblem(statement: { name: string; size: number }): StatementUploadProblem | null {
  if (!/\.csv$/i.test(statement.name) || statement.size === 0) return 'notCsv';
  if (statement.size > MAX_STATEMENT_BYTES) return 'tooLarge';
  return null;
}

export const statementUploadMachine = setup({
  types: {
    context: {} as StatementUploadContext,
    events: {} as StatementUploadEvent,
    tags: {} as 'busy',
  },
  actors: {
    /**
     * POST api/console/imports with the file as it is: sends `upload.progress` as the browser
     * sends, then `upload.answered` with the report (imported or refused) or `upload.failed`.
     */
    upload: fromCallback<StatementUploadEvent, { file: Blob; fileName: string }>(() => () => {}),
  },
  actions: {
    choose: assign((_, { statement }: { statement: ChosenStatement }) => ({
      chosen: { name: statement.name, size: statement.size },
      pending: statement.file,
      sent: 0,
      total: statement.size,
      report: null,
      problem: null,
    })),
    refuseChosen: assign((_, { statement }: { statement: ChosenStatement }) => ({
      chosen: { name: statement.name, size: statement.size },
      pending: null,
      report: null,
      problem: chosenStatementProblem(statement),
    })),
    keepProgress: assign((_, { sent, total }: { sent: number; total: number }) => ({ sent, total })),
    keepReport: assign((_, { report }: { report: UploadedReport }) => ({ report, pending: null })),
    keepProblem: assign((_, { problem }: { problem: StatementUploadProblem }) => ({ problem, pending: null })),
  },
  guards: {
    isSendable: (_, { statement }: { statement: ChosenStatement }) => chosenStatementProblem(statement) === null,
    isImported: (_, { report }: { report: UploadedReport }) => report.status !== 'refused',
  },
}).createMachine({
  id: 'statementUpload',
  description: 'Billing staff upload a CSV statement file: its progress, then its report.',
  context: { chosen: null, pending: null, sent: 0, total: 0, report: null, problem: null },
  initial: 'choosing',
  on: {
    'file.choose': [
      {
        description: 'A .csv file of at most 64 MB: it is sent.',
        guard: { type: 'isSendable', params: ({ event }) => event },
        target: '.uploading',
        actions: { type: 'choose', params: ({ event }) => event },
        meta: { requirements: ['OFF-35'] },
      },
      {
        description: 'Not a .csv file, empty, or over 64 MB: said, nothing sent.',
        target: '.choosing',
        actions: { type: 'refuseChosen', params: ({ event }) => event },
        meta: { requirements: ['OFF-35'] },
      },
    ],
  },
  states: {
    choosing: {
      description: 'A file to choose (or a file refused before it was sent).',
      meta: { requirements: ['OFF-35'] },
    },
    uploading: {
      description: 'The file is on its way, its progress shown; then the server imports it.',
      tags: ['busy'],
      meta: { requirements: ['OFF-35'] },
      // A second file chosen meanwhile waits: the first upload goes on.
      on: {
        'file.choose': { description: 'Ignored while a file is on its way.', meta: { requirements: ['OFF-35'] } },
        'upload.progress': { description: 'Shows how much is sent.', actions: { type: 'keepProgress', params: ({ event }) => event }, meta: { requirements: ['OFF-35'] } },
        'upload.answered': [
          {
            description: 'Imported: its report with its counts.',
            guard: { type: 'isImported', params: ({ event }) => event },
            target: 'done',
            actions: { type: 'keepReport', params: ({ event }) => event },
            meta: { requirements: ['OFF-36'] },
          },
          {
            description: 'Refused whole (its header, its encoding, a repeat): its report says why; nothing changed.',
            target: 'refused',
            actions: { type: 'keepReport', params: ({ event }) => event },
            meta: { requirements: ['OFF-36'] },
          },
        ],
        'upload.failed': { description: 'The network, the server, a role or session that ended: said.', target: 'failed', actions: { type: 'keepProblem', params: ({ event }) => event }, meta: { requirements: ['OFF-5'] } },
      },
      invoke: { id: 'upload', src: 'upload', input: ({ context }) => ({ file: context.pending ?? new Blob(), fileName: context.chosen?.name ?? '' }) },
    },
    done: { description: 'The report of the file just imported.', meta: { requirements: ['OFF-36'] } },
    refused: { description: 'The report of the file refused whole.', meta: { requirements: ['OFF-36'] } },
    failed: { description: 'The upload failed: said; the file may be chosen again.', meta: { requirements: ['OFF-5'] } },
  },
});

export type StatementUploadMachine = typeof statementUploadMachine;
