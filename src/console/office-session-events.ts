/** Named functions for the staff session's events, so the console's views never build event objects. */
import { STAFF_IDLE_SECONDS } from '@contracts/console';
import type { StaffSessionMachine } from '@machines/console/staff-session.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type StaffSessionActor = ActorRefFrom<StaffSessionMachine>;

/** What the session's dialogs, and the calls it hears of, can do, by name. */
export function useStaffSessionEvents(actor: StaffSessionActor) {
  return useMemo(
    () => ({
      stay: () => actor.send({ type: 'staffSession.stay' }),
      signOut: () => actor.send({ type: 'staffSession.signOut' }),
      // The sign-in over the screen has just made a session: its whole idle time is ahead (the next poll says exactly).
      signedInAgain: (email: string) => actor.send({ type: 'staffSession.signedIn', email, secondsLeft: STAFF_IDLE_SECONDS }),
      /** A console call was refused because the session ended. */
      refused: () => actor.send({ type: 'staffSession.refused' }),
    }),
    [actor],
  );
}
