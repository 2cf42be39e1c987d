/** Named functions for the staff sign-in's events, so its view never builds event objects. */
import type { StaffSignInMachine } from '@machines/console/staff-sign-in.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type StaffSignInActor = ActorRefFrom<StaffSignInMachine>;

/** The steps' events (the forms' are `useFormFields`'). */
export function useStaffSignInEvents(actor: StaffSignInActor) {
  return useMemo(
    () => ({
      answerWithPasskey: () => actor.send({ type: 'passkey.use' }),
      restart: () => actor.send({ type: 'signIn.restart' }),
    }),
    [actor],
  );
}
