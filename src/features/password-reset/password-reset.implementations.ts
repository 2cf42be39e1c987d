/**
 * The effects of the forgotten-password machines: the calls (with the actor's abort signal), what
 * their failures mean to the forms, the forms' rules, the address kept in session storage, and
 * where each page leads.
 */
import type { forgotPasswordMachine } from '@machines/password-reset/forgot-password.machine';

import type { resetPasswordMachine } from '@machines/password-reset/reset-password.machine';
import type { Language } from '@contracts/session';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { CallError } from '@/lib/api/call-error';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { emailProblem, resetPasswordProblems, toEmailFieldProblem, toPasswordFieldProblem } from '@/lib/password-form-rules';
import { checkResetLink, requestResetLink, resetPassword } from './password-reset-api';

/** A failure's code as the forms know it: their own pass, anything else is a server error. */
function failureCode(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'serverError';
  return ['tooManyRequests', 'network', 'linkInvalid'].includes(code) ? code : 'serverError';
}

/** What a failed CheckEmail means to the form: the address refused at its field, or a failure. */
export function toForgotPasswordError(error: unknown): CallError {
  if (error instanceof ApiError && error.code === 'invalidRequest') {
    const issue = fieldErrorsOf(error).email;
    if (issue !== undefined) return new CallError('refused', { fields: { email: toEmailFieldProblem(issue) } }, { cause: error });
  }
  return new CallError(failureCode(error), {}, { cause: error });
}

/** What a failed reset means to the form: the password refused at its field, a dead link, or a failure. */
export function toResetPasswordError(error: unknown): CallError {
  if (error instanceof ApiError && error.code === 'invalidRequest') {
    const issue = fieldErrorsOf(error).password;
    if (issue !== undefined) return new CallError('refused', { fields: { password: toPasswordFieldProblem(issue) } }, { cause: error });
    // A token the server cannot read is a link that cannot work.
    if (fieldErrorsOf(error).token !== undefined) return new CallError('linkInvalid', {}, { cause: error });
  }
  return new CallError(failureCode(error), {}, { cause: error });
}

async function mapped<T>(call: () => Promise<T>, toError: (error: unknown) => CallError): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toError(error);
  }
}

/** The page the request comes from: its language and client, which the emails speak in and for. */
export interface PageContext {
  language(): Language;
  /** The client code in the page's address, if any. */
  clientCode: string | undefined;
}

export interface ForgotPasswordDeps extends PageContext {
  /** Keeps the address in this tab and opens the "link sent" page. */
  showSent(email: string): void;
}

/** Creates the forgotten-password machine's implementations. */
export function createForgotPasswordImplementations(deps: ForgotPasswordDeps): MachineImplementationsFrom<typeof forgotPasswordMachine> {
  return {
    actors: {
      requestReset: fromPromise(({ input, signal }) =>
        mapped(() => requestResetLink({ email: input.email, language: deps.language(), clientCode: deps.clientCode }, { signal }), toForgotPasswordError),
      ),
    },
    actions: {
      showSent: (_, { email }) => deps.showSent(email),
    },
    guards: {
      isDraftValid: ({ context }) => emailProblem(context.draft.email) === null,
    },
  };
}

export interface ResetPasswordDeps extends PageContext {
  /** Forgets the link's token kept for this page: it was spent, or it does not work. */
  forgetToken(): void;
  /** Opens the success screen, which leads to signing in. */
  showSignIn(): void;
}

/** Creates the reset machine's implementations. */
export function createResetPasswordImplementations(deps: ResetPasswordDeps): MachineImplementationsFrom<typeof resetPasswordMachine> {
  return {
    actors: {
      checkResetLink: fromPromise(async ({ input, signal }) => {
        try {
          return await checkResetLink(input.token, { signal });
        } catch (error) {
          const failure = toResetPasswordError(error);
          if (failure.code === 'linkInvalid') deps.forgetToken();
          throw failure;
        }
      }),
      resetPassword: fromPromise(async ({ input, signal }) => {
        try {
          await resetPassword({ ...input, language: deps.language(), clientCode: deps.clientCode }, { signal });
        } catch (error) {
          const failure = toResetPasswordError(error);
          if (failure.code === 'linkInvalid') deps.forgetToken();
          throw failure;
        }
      }),
    },
    actions: {
      showSignIn: () => {
        deps.forgetToken();
        deps.showSignIn();
      },
    },
    guards: {
      isDraftValid: ({ context }) => Object.keys(resetPasswordProblems(context.draft, context.email)).length === 0,
    },
  };
}
