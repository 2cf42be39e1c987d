/** Named functions for the forgotten-password machines' events, so views never build event objects (the forms' are `useFormFields`'). */
import type { resetPasswordMachine } from '@machines/password-reset/reset-password.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type ResetPasswordActor = ActorRefFrom<typeof resetPasswordMachine>;

/** The reset page's events. */
export function useResetPasswordEvents(actor: ResetPasswordActor) {
  return useMemo(() => ({ retry: () => actor.send({ type: 'resetPassword.retry' }) }), [actor]);
}
