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
      edit: (value: string) => actor.send({ type: 'forgotPassword.edit', value }),
      leave: () => actor.send({ type: 'forgotPassword.leave' }),
      submit: () => actor.send({ type: 'forgotPassword.submit' }),
    }),
    [actor],
  );
}

/** The reset page's events. */
export function useResetPasswordEvents(actor: ResetPasswordActor) {
  return useMemo(
    () => ({
      edit: (field: ResetPasswordField, value: string) => actor.send({ type: 'resetPassword.edit', field, value }),
      leave: (field: ResetPasswordField) => actor.send({ type: 'resetPassword.leave', field }),
      submit: () => actor.send({ type: 'resetPassword.submit' }),
      retry: () => actor.send({ type: 'resetPassword.retry' }),
    }),
    [actor],
  );
}
