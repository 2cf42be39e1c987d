/**
 * The effects of registering and activating: the calls (with the actor's abort signal), what
 * their failures mean to the machines, the form's rules, and where activation leads.
 */
import type { accessRemovalMachine } from '@machines/registration/access-removal.machine';
import { toActivationOutcome, type activationMachine } from '@machines/registration/activation.machine';
import type { registrationMachine } from '@machines/registration/registration.machine';
import type { resendActivationMachine } from '@machines/registration/resend-activation.machine';
import {
  registrationFields,
  type RegistrationFieldError,
  type RegistrationFieldErrors,
  type RegistrationRejection,
} from '@machines/registration/registration.types';
import type { Language } from '@contracts/session';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { CallError } from '@/lib/api/call-error';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { activateAccount, registerAccount, removeAccess, resendActivation } from './registration-api';
import { isDraftValid } from './registration-rules';

/** A server's reason at a field, as the form names it (an unknown reason reads as "cannot be used"). */
function toFieldError(field: string, issue: string): RegistrationFieldError {
  switch (issue) {
    case 'required':
    case 'tooLong':
    case 'invalidCharacters':
    case 'tooShort':
    case 'sameAsEmail':
    case 'common':
      return issue;
    case 'invalid':
      return field === 'email' ? 'invalidEmail' : field === 'clientCode' ? 'invalidClientCode' : 'invalid';
    default:
      return 'invalid';
  }
}

/** What a failed Register means to the form: the fields refused, or a failure of the whole form. */
function rejectionOf(error: unknown): RegistrationRejection {
  if (!(error instanceof ApiError)) return { code: 'serverError' };
  // One answer whichever of client, account and invoice was wrong: it shows at the account number.
  if (error.code === 'invalidCredentials') return { code: 'refused', fields: { rosterAcct: 'accountNotFound' } };
  if (error.code === 'invalidRequest') {
    const refused = fieldErrorsOf(error);
    const fields: RegistrationFieldErrors = {};
    for (const field of registrationFields) {
      const issue = refused[field];
      if (issue !== undefined) fields[field] = toFieldError(field, issue);
    }
    if (Object.keys(fields).length > 0) return { code: 'refused', fields };
  }
  if (error.code === 'tooManyRequests' || error.code === 'network') return { code: error.code };
  return { code: 'serverError' };
}

/** A failed Register as the machine reads it. */
export function toRegistrationFailure(error: unknown): CallError<RegistrationRejection['code']> {
  const rejection = rejectionOf(error);
  return new CallError(rejection.code, { fields: rejection.code === 'refused' ? rejection.fields : undefined }, { cause: error });
}

export interface RegistrationDeps {
  /** The language the person reads the portal in now: the emails are written in it. */
  language(): Language;
}

/** Creates the registration machine's implementations. */
export function createRegistrationImplementations(deps: RegistrationDeps): MachineImplementationsFrom<typeof registrationMachine> {
  return {
    actors: {
      register: fromPromise(async ({ input, signal }) => {
        try {
          return await registerAccount(input, deps.language(), { signal });
        } catch (error) {
          throw toRegistrationFailure(error);
        }
      }),
    },
    guards: {
      isDraftValid: ({ context }) => isDraftValid(context.draft),
    },
  };
}

export interface ActivationDeps {
  /** Forgets the link's token kept for this page: it was spent, or it cannot activate anything. */
  forgetToken(): void;
  /** Opens the success screen, which leads to sign-in. */
  showActivated(): void;
}

/** Creates the activation machine's implementations; `showActivated` goes to the success screen. */
export function createActivationImplementations(deps: ActivationDeps): MachineImplementationsFrom<typeof activationMachine> {
  return {
    actors: {
      // The machine reads the ApiError's code: notFound for an unusable link.
      activate: fromPromise(async ({ input, signal }) => {
        try {
          await activateAccount(input, { signal });
        } catch (error) {
          // A failure of the network or the server leaves the token for Try again (or a reload).
          if (toActivationOutcome(error) === 'linkUnusable') deps.forgetToken();
          throw error;
        }
      }),
    },
    actions: {
      showActivated: () => {
        deps.forgetToken();
        deps.showActivated();
      },
    },
  };
}

/** Creates the access-removal machine's implementations; `forgetToken` drops the link's token from the tab. */
export function createAccessRemovalImplementations(deps: { forgetToken(): void }): MachineImplementationsFrom<typeof accessRemovalMachine> {
  return {
    actors: {
      // The machine reads the ApiError's code: linkInvalid for an unusable link.
      removeAccess: fromPromise(({ input, signal }) => removeAccess(input, { signal })),
    },
    actions: {
      forgetToken: () => deps.forgetToken(),
    },
  };
}

/** Creates the "send the link again" machine's implementations. */
export function createResendImplementations(deps: RegistrationDeps): MachineImplementationsFrom<typeof resendActivationMachine> {
  return {
    actors: {
      resendActivation: fromPromise(({ input, signal }) => resendActivation(input, deps.language(), { signal })),
    },
  };
}
