import { statementUploadMachine } from '@machines/console/statement-upload.machine';
import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { defineModel, type ModelSpec } from './harness';

const machine = statementUploadMachine.provide({ actors: { upload: fromCallback(() => () => {}) } });

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const file = new Blob(['account_number\n']);

const events: Spec['events'] = [
  { type: 'file.choose', statement: { name: 'statement.csv', size: 2048, file } },
  { type: 'file.choose', statement: { name: 'statement.xlsx', size: 2048, file } },
  { type: 'file.choose', statement: { name: 'huge.csv', size: 65 * 1024 * 1024, file } },
  { type: 'upload.progress', sent: 2048, total: 2048 },
  { type: 'upload.answered', report: { id: 7, status: 'imported' } },
  { type: 'upload.answered', report: { id: 8, status: 'refused' } },
  { type: 'upload.failed', problem: 'network' },
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({ value: snapshot.value, chosen: context.chosen?.name ?? null, sent: context.sent === context.total, report: context.report?.status ?? null, problem: context.problem });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('uploading'));
  if (snapshot.matches('uploading')) expect(snapshot.context.pending).not.toBeNull();
  if (snapshot.matches('done') || snapshot.matches('refused')) expect(snapshot.context.report).not.toBeNull();
  if (snapshot.matches('failed')) expect(snapshot.context.problem).not.toBeNull();
};

/** Billing staff upload a statement file. */
export const statementUploadModel = defineModel({
  name: 'statement-upload',
  title: 'Billing office imports: uploading a statement file',
  machine,
  variants: [{ name: 'the imports page opened by billing staff', spec: { machine, events, serializeState, assertSnapshot } }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'file.choose':
        return `Chooses the file ${event.statement.name} (${String(event.statement.size)} bytes)`;
      case 'upload.progress':
        return `The browser has sent ${String(event.sent)} of ${String(event.total)} bytes`;
      case 'upload.answered':
        return `The server answers the report (${event.report.status})`;
      case 'upload.failed':
        return `The upload fails (${event.problem})`;
      default:
        return (event as { type: string }).type;
    }
  },
});
