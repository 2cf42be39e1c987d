/** Named functions for the help an account's page gives its users, so its view never builds event objects. */
import type { PatientHelpMachine } from '@machines/console/patient-help.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type PatientHelpActor = ActorRefFrom<PatientHelpMachine>;

export function usePatientHelpEvents(actor: PatientHelpActor) {
  return useMemo(
    () => ({
      resendActivation: (userId: number) => actor.send({ type: 'help.resendActivation', userId }),
      endSessions: (userId: number) => actor.send({ type: 'help.endSessions', userId }),
      clearLock: (userId: number) => actor.send({ type: 'help.clearLock', userId }),
    }),
    [actor],
  );
}
