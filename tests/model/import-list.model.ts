import type { ImportReport } from '@contracts/partner-api';
import { importListMachine } from '@machines/console/import-list.machine';
import type { ImportSummary } from '@machines/console/import-list.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

const machine = importListMachine.provide({
  actors: { listImports: fromPromise(() => never<ImportSummary[]>()), getImportReport: fromPromise(() => never<ImportReport>()) },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const summary = (id: number, status: ImportSummary['status']): ImportSummary => ({
  id,
  status,
  message: null,
  source: 'csv',
  fileName: `statement-${String(id)}.csv`,
  scope: 'partial',
  dryRun: false,
  producedAt: null,
  startedAt: '2026-03-02T14:00:00.000Z',
  finishedAt: null,
  rowsRead: 10,
  rowsRefused: 0,
  accounts: { created: 1, updated: 0, unchanged: 0 },
  invoices: { created: 1, updated: 0, unchanged: 0, closed: 0 },
  problemCount: 0,
});

/** Every list holds import 7, whose report a person asks for (a row's button). */
const events: Spec['events'] = [
  { type: 'imports.refresh' },
  { type: 'report.show', id: 7 },
  { type: 'xstate.after.pollInterval.importList.list.waiting' },
  { type: 'xstate.done.actor.listImports', output: [summary(8, 'running'), summary(7, 'imported')] },
  { type: 'xstate.done.actor.listImports', output: [summary(8, 'imported'), summary(7, 'imported')] },
  { type: 'xstate.error.actor.listImports', error: { code: 'network' } },
  { type: 'xstate.done.actor.getImportReport', output: { ...summary(7, 'imported'), problems: [] } },
  { type: 'xstate.error.actor.getImportReport', error: { code: 'network' } },
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({ value: snapshot.value, running: context.imports.some((row) => row.status === 'running'), shown: context.shown?.id ?? null, failed: context.failed });
};

const assertSnapshot = (snapshot: Snapshot) => {
  const running = snapshot.context.imports.some((row) => row.status === 'running');
  // The list is asked for again while, and only while, an import runs (or an upload just finished).
  if (snapshot.matches({ list: 'waiting' })) expect(running).toBe(true);
  if (snapshot.matches({ list: 'settled' })) expect(running).toBe(false);
  if (snapshot.matches({ report: 'loading' })) expect(snapshot.context.asked).not.toBeNull();
};

/** Every staff member watches the lab's imports. */
export const importListModel = defineModel({
  name: 'import-list',
  title: "Billing office imports: the lab's last imports",
  machine,
  variants: [
    { name: 'the imports page with an import running', spec: { machine, input: { imports: [summary(8, 'running'), summary(7, 'imported')] }, events, serializeState, assertSnapshot, delays: { pollInterval: 1500 } } },
    { name: 'the imports page with none running', spec: { machine, input: { imports: [summary(7, 'imported')] }, events, serializeState, assertSnapshot, delays: { pollInterval: 1500 } } },
  ],
  describeEvent: (event) => {
    switch (event.type) {
      case 'imports.refresh':
        return 'An upload finishes';
      case 'report.show':
        return `Chooses Show the report of import ${String(event.id)}`;
      default:
        if (event.type.startsWith('xstate.after')) return 'The short wait is over';
        if (event.type === 'xstate.done.actor.listImports') return 'The list comes';
        if (event.type === 'xstate.error.actor.listImports') return 'The list fails to load';
        if (event.type === 'xstate.done.actor.getImportReport') return 'The report comes';
        if (event.type === 'xstate.error.actor.getImportReport') return 'The report fails to load';
        return event.type;
    }
  },
});
