/** Named functions for the Imports screen's events, so its view never builds event objects. */
import type { ChosenStatement, StatementUploadMachine } from '@machines/console/statement-upload.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type StatementUploadActor = ActorRefFrom<StatementUploadMachine>;

export function useStatementUploadEvents(actor: StatementUploadActor) {
  return useMemo(() => ({ choose: (statement: ChosenStatement) => actor.send({ type: 'file.choose', statement }) }), [actor]);
}
