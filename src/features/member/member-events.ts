/** Named functions for the member machines' events, so views never build event objects. */
import type { emailChangeMachine } from '@machines/email-change/email-change.machine';
import type { emailConfirmationMachine } from '@machines/email-change/email-confirmation.machine';
import type { memberMachine } from '@machines/member/member.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type MemberActor = ActorRefFrom<typeof memberMachine>;
export type EmailChangeActor = ActorRefFrom<typeof emailChangeMachine>;
export type EmailConfirmationActor = ActorRefFrom<typeof emailConfirmationMachine>;

/** The member information page's events (the form's are `useFormFields`'). */
export function useMemberEvents(actor: MemberActor) {
  return useMemo(
    () => ({
      retry: () => actor.send({ type: 'member.retry' }),
      askToSignOutEverywhere: () => actor.send({ type: 'member.signOutEverywhere' }),
      confirmSignOut: () => actor.send({ type: 'member.confirmSignOut' }),
      cancelSignOut: () => actor.send({ type: 'member.cancelSignOut' }),
    }),
    [actor],
  );
}

/** The email page's events (the form's are `useFormFields`'). */
export function useEmailChangeEvents(actor: EmailChangeActor) {
  return useMemo(() => ({ startOver: () => actor.send({ type: 'emailChange.startOver' }) }), [actor]);
}

/** The confirmation page's events. */
export function useEmailConfirmationEvents(actor: EmailConfirmationActor) {
  return useMemo(() => ({ retry: () => actor.send({ type: 'emailConfirmation.retry' }) }), [actor]);
}
