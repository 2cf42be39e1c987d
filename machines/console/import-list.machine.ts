/**
 * Every staff member sees the lab's last 50 imports (`/{client}/office/imports`): while one runs
 * (this person's upload or another's), the list is asked for again at a steady pace so its rows
 * read rise; an upload just finished asks at once. "Show the report" fetches an import's whole
 * report. A call that fails says so and changes nothing else. The calls are the app's.
 */
import type { ImportReport } from '@contracts/partner-api';
import { assign, fromPromise, setup } from 'xstate';
import type { ImportListContext, ImportListEvent, ImportSummary } from './import-list.types';

const missing = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

export const importListMachine = setup({
  types: {
    context: {} as ImportListContext,
    events: {} as ImportListEvent,
    input: {} as { imports: ImportSummary[] },
  },
  actors: {
    /** GET api/console/imports: the last 50. */
    listImports: fromPromise<ImportSummary[]>(missing('listImports')),
    /** GET api/console/imports/{id}: one import's whole report. */
    getImportReport: fromPromise<ImportReport, { id: number }>(missing('getImportReport')),
  },
  delays: {
    /** How often a running import's list is asked for again. */
    pollInterval: 1500,
  },
  actions: {
    /** The list as it stands: a failure said before is over. */
    keepImports: assign((_, { imports }: { imports: ImportSummary[] }) => ({ imports, failed: false })),
    askReport: assign((_, { id }: { id: number }) => ({ asked: id })),
    keepReport: assign((_, { report }: { report: ImportReport }) => ({ shown: report, asked: null, failed: false })),
    markFailed: assign({ failed: true }),
  },
  guards: {
    isAnyRunning: ({ context }) => context.imports.some((row) => row.status === 'running'),
  },
}).createMachine({
  id: 'importList',
  description: "The lab's last 50 imports, asked for again while one runs, and the report shown.",
  context: ({ input }) => ({ imports: input.imports, shown: null, asked: null, failed: false }),
  type: 'parallel',
  meta: { requirements: ['OFF-37'] },
  states: {
    list: {
      description: 'The list of imports.',
      initial: 'checking',
      meta: { requirements: ['OFF-37'] },
      states: {
        checking: {
          description: 'Is an import running?',
          meta: { requirements: ['OFF-37'] },
          always: [
            { description: 'One runs: its rows read are asked for again shortly.', guard: 'isAnyRunning', target: 'waiting', meta: { requirements: ['OFF-37'] } },
            { description: 'None runs: the list stays as it is.', target: 'settled', meta: { requirements: ['OFF-37'] } },
          ],
        },
        settled: {
          description: 'No import runs: the list waits.',
          meta: { requirements: ['OFF-37'] },
          on: { 'imports.refresh': { description: 'An upload finished: the list is asked for again.', target: 'refreshing', meta: { requirements: ['OFF-37'] } } },
        },
        waiting: {
          description: 'An import runs: the list is asked for again after a short wait.',
          meta: { requirements: ['OFF-37'] },
          after: { pollInterval: { description: 'The wait is over: the list is asked for again.', target: 'refreshing', meta: { requirements: ['OFF-37'] } } },
          on: { 'imports.refresh': { description: 'An upload finished: the list is asked for again at once.', target: 'refreshing', meta: { requirements: ['OFF-37'] } } },
        },
        refreshing: {
          description: 'The list is on its way (GET api/console/imports).',
          meta: { requirements: ['OFF-37'] },
          invoke: {
            id: 'listImports',
            src: 'listImports',
            onDone: { description: 'The list as it stands now (a failure said before goes).', target: 'checking', actions: { type: 'keepImports', params: ({ event }) => ({ imports: event.output }) }, meta: { requirements: ['OFF-37'] } },
            onError: { description: 'The list could not be loaded: said; the list stays.', target: 'checking', actions: 'markFailed', meta: { requirements: ['OFF-5'] } },
          },
        },
      },
    },
    report: {
      description: 'The report asked for.',
      initial: 'idle',
      meta: { requirements: ['OFF-37'] },
      on: {
        'report.show': { description: "Show the report: the import's whole report is asked for.", target: '.loading', reenter: true, actions: { type: 'askReport', params: ({ event }) => event }, meta: { requirements: ['OFF-37'] } },
      },
      states: {
        idle: { description: 'No report on its way (the last one asked for shows).', meta: { requirements: ['OFF-37'] } },
        loading: {
          description: 'The report is on its way (GET api/console/imports/{id}).',
          meta: { requirements: ['OFF-37'] },
          invoke: {
            id: 'getImportReport',
            src: 'getImportReport',
            input: ({ context }) => ({ id: context.asked ?? 0 }),
            onDone: { description: 'The report shows (a failure said before goes).', target: 'idle', actions: { type: 'keepReport', params: ({ event }) => ({ report: event.output }) }, meta: { requirements: ['OFF-37'] } },
            onError: { description: 'The report could not be loaded: said.', target: 'idle', actions: 'markFailed', meta: { requirements: ['OFF-5'] } },
          },
        },
      },
    },
  },
});

export type ImportListMachine = typeof importListMachine;
