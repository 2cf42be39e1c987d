/** Named functions for the staff enrolment's events, so its view never builds event objects. */
import type { StaffEnrolmentMachine } from '@machines/console/staff-enrolment.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type StaffEnrolmentActor = ActorRefFrom<StaffEnrolmentMachine>;

/** The steps' events (the forms' are `useFormFields`'). */
export function useStaffEnrolmentEvents(actor: StaffEnrolmentActor) {
  return useMemo(
    () => ({
      choosePasskey: () => actor.send({ type: 'enrol.choosePasskey' }),
      chooseApp: () => actor.send({ type: 'enrol.chooseApp' }),
      back: () => actor.send({ type: 'enrol.back' }),
      done: () => actor.send({ type: 'enrol.done' }),
    }),
    [actor],
  );
}
