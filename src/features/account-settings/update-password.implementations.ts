/**
 * The effects of the update password machine: the call (with the actor's abort signal), what its
 * failures mean to the form, the form's rules, and what a change tells the session.
 */
import type { UpdatePasswordProblems } from '@machines/password-update/update-password.types';
import type { updatePasswordMachine } from '@machines/password-update/update-password.machine';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { CallError } from '@/lib/api/call-error';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { toPasswordFieldProblem, updatePasswordProblems } from '@/lib/password-form-rules';
import { updatePassword } from './update-password-api';

/** What a failed UpdatePassword means to the form: the fields refused, or a failure of the whole form. */
export function toUpdatePasswordError(error: unknown): CallError {
  if (!(error instanceof ApiError)) return new CallError('serverError', {}, { cause: error });
  if (error.code === 'invalidRequest') {
    const refused = fieldErrorsOf(error);
    const fields: UpdatePasswordProblems = {};
    if (refused.currentPassword !== undefined) fields.currentPassword = toPasswordFieldProblem(refused.currentPassword);
    if (refused.newPassword !== undefined) fields.newPassword = toPasswordFieldProblem(refused.newPassword);
    if (Object.keys(fields).length > 0) return new CallError('refused', { fields }, { cause: error });
  }
  const passes: readonly string[] = ['tooManyRequests', 'notSignedIn', 'network'];
  return new CallError(passes.includes(error.code) ? error.code : 'serverError', {}, { cause: error });
}

export interface UpdatePasswordDeps {
  /** Opens the success screen. */
  showSuccess(): void;
}

/** Creates the update password machine's implementations. */
export function createUpdatePasswordImplementations(deps: UpdatePasswordDeps): MachineImplementationsFrom<typeof updatePasswordMachine> {
  return {
    actors: {
      updatePassword: fromPromise(async ({ input, signal }) => {
        try {
          return await updatePassword(input, { signal });
        } catch (error) {
          throw toUpdatePasswordError(error);
        }
      }),
    },
    actions: {
      // The session has heard of the new expiry first (the machine tells it), so an expired password no
      // longer holds the pages back when the success screen opens.
      showChanged: () => deps.showSuccess(),
    },
    guards: {
      isDraftValid: ({ context }) => Object.keys(updatePasswordProblems(context.draft, context.email)).length === 0,
    },
  };
}
