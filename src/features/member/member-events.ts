/** Named functions for the member machines' events, so views never build event objects. */
import type { emailChangeMachine } from '@machines/email-change/email-change.machine';
import { emailChangeFields, type EmailChangeField } from '@machines/email-change/email-change.types';
import type { emailConfirmationMachine } from '@machines/email-change/email-confirmation.machine';
import type { memberMachine } from '@machines/member/member.machine';
import { memberFields, type MemberField } from '@machines/member/member.types';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type MemberActor = ActorRefFrom<typeof memberMachine>;
export type EmailChangeActor = ActorRefFrom<typeof emailChangeMachine>;
export type EmailConfirmationActor = ActorRefFrom<typeof emailConfirmationMachine>;

/** The name of a form control, when it is one of the member's fields. */
export const asMemberField = (name: string | null): MemberField | null => memberFields.find((field) => field === name) ?? null;
/** The name of a form control, when it is one of the email change's fields. */
export const asEmailChangeField = (name: string | null): EmailChangeField | null => emailChangeFields.find((field) => field === name) ?? null;

/** The member information page's events. */
export function useMemberEvents(actor: MemberActor) {
  return useMemo(
    () => ({
      retry: () => actor.send({ type: 'member.retry' }),
      edit: (field: MemberField, value: string) => actor.send({ type: 'form.edit', field, value }),
      leaveField: (field: MemberField) => actor.send({ type: 'form.leave', field }),
      save: () => actor.send({ type: 'form.submit' }),
      askToSignOutEverywhere: () => actor.send({ type: 'member.signOutEverywhere' }),
      confirmSignOut: () => actor.send({ type: 'member.confirmSignOut' }),
      cancelSignOut: () => actor.send({ type: 'member.cancelSignOut' }),
    }),
    [actor],
  );
}

/** The email page's events. */
export function useEmailChangeEvents(actor: EmailChangeActor) {
  return useMemo(
    () => ({
      edit: (field: EmailChangeField, value: string) => actor.send({ type: 'form.edit', field, value }),
      leaveField: (field: EmailChangeField) => actor.send({ type: 'form.leave', field }),
      submit: () => actor.send({ type: 'form.submit' }),
      startOver: () => actor.send({ type: 'emailChange.startOver' }),
    }),
    [actor],
  );
}

/** The confirmation page's events. */
export function useEmailConfirmationEvents(actor: EmailConfirmationActor) {
  return useMemo(() => ({ retry: () => actor.send({ type: 'emailConfirmation.retry' }) }), [actor]);
}
