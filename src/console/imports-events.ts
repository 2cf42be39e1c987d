/** Named functions for the Imports screen's events, so its view never builds event objects. */
import type { ImportListMachine } from '@machines/console/import-list.machine';
import type { StatementUploadMachine } from '@machines/console/statement-upload.machine';
import type { ChosenStatement } from '@machines/console/statement-upload.types';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type StatementUploadActor = ActorRefFrom<StatementUploadMachine>;
export type ImportListActor = ActorRefFrom<ImportListMachine>;

export function useStatementUploadEvents(actor: StatementUploadActor) {
  return useMemo(() => ({ choose: (statement: ChosenStatement) => actor.send({ type: 'file.choose', statement }) }), [actor]);
}

export function useImportListEvents(actor: ImportListActor) {
  return useMemo(
    () => ({
      refresh: () => actor.send({ type: 'imports.refresh' }),
      showReport: (id: number) => actor.send({ type: 'report.show', id }),
    }),
    [actor],
  );
}
