/** Named functions for the forgotten-password machines' events, so views never build event objects. */
import type { forgotPasswordMachine } from '@machines/password-reset/forgot-password.machine';
import type { ResetPasswordField } from '@machines/password-reset/password-reset.types';
import type { resetPasswordMachine } from '@machines/password-reset/reset-password.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;
export type ResetPasswordActor = ActorRefFrom<typeof resetPasswordMachine>;

/** The forgotten-password page's events. */
export function useForgotPasswordEvents(actor: ForgotPasswordActor) {
  return useMemo(
    () => ({
      edit: (value: string) => actor.send({ type: 'form.edit', field: 'email', value }),
      leave: () => actor.send({ type: 'form.leave', field: 'email' }),
      submit: () => actor.send({ type: 'form.submit' }),
    }),
    [actor],
  );
}

/** The reset page's events. */
export function useResetPasswordEvents(actor: ResetPasswordActor) {
  return useMemo(
    () => ({
      edit: (field: ResetPasswordField, value: string) => actor.send({ type: 'form.edit', field, value }),
      leave: (field: ResetPasswordField) => actor.send({ type: 'form.leave', field }),
      submit: () => actor.send({ type: 'form.submit' }),
      retry: () => actor.send({ type: 'resetPassword.retry' }),
    }),
    [actor],
  );
}
