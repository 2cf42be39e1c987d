/**
 * The effects of the member machines: their calls (with the actor's abort signal), what the
 * server's answers mean to them, the session they tell, the link's token in session storage, and
 * where they go. They live in the member feature because that code loads only with its pages.
 */
import type { emailChangeMachine } from '@machines/email-change/email-change.machine';
import type { EmailChangeCallFailure, EmailChangeFieldProblems } from '@machines/email-change/email-change.types';
import type { emailConfirmationMachine } from '@machines/email-change/email-confirmation.machine';
import type { memberMachine } from '@machines/member/member.machine';
import { memberFields, type MemberCallFailure, type MemberFieldProblems } from '@machines/member/member.types';
import type { FieldErrors, FieldIssue } from '@contracts/errors';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { CallError } from '@/lib/api/call-error';
import { confirmEmailChange, loadMemberProfile, requestEmailChange, signOutEverywhere, updateMemberDetails } from './member-api';

/** What a failed call means to the member page. */
export function toMemberCallError(error: unknown): CallError {
  const code = error instanceof ApiError ? error.code : 'serverError';
  const known: MemberCallFailure['code'] = code === 'network' || code === 'notSignedIn' ? code : 'serverError';
  return new CallError(known, {}, { cause: error });
}

/** What a failed request for an email change means to the form: its own codes pass, anything else is a server error. */
export function toEmailChangeCallError(error: unknown): CallError {
  const code = error instanceof ApiError ? error.code : 'serverError';
  const passes: readonly string[] = ['network', 'notSignedIn', 'tooManyRequests', 'accountDisabled'] satisfies EmailChangeCallFailure['code'][];
  return new CallError(passes.includes(code) ? code : 'serverError', {}, { cause: error });
}

/** What a failed confirmation means: a link that does not work, or a failure worth trying again. */
export function toEmailConfirmationCallError(error: unknown): CallError {
  const code = error instanceof ApiError ? error.code : 'serverError';
  // The server's answer for a link that does not work for this user, or one cut short on the way.
  if (code === 'notFound' || code === 'invalidRequest') return new CallError('linkInvalid', {}, { cause: error });
  return toEmailChangeCallError(error);
}

async function mapped<T>(call: () => Promise<T>, toError: (error: unknown) => CallError): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toError(error);
  }
}

const textProblems = ['required', 'tooLong', 'invalidCharacters'] as const;

/**
 * A field reason these forms have words for; any other (a password rule of another call's, say)
 * reads as `invalid`, so that a reason new to the SPA still lands at its field.
 */
function formProblem(issue: FieldIssue): (typeof textProblems)[number] | 'invalid' {
  const known: readonly string[] = textProblems;
  return known.includes(issue) ? (issue as (typeof textProblems)[number]) : 'invalid';
}

/** The server's field errors for the name and company, by field. */
export function memberFieldProblems(fields: FieldErrors): MemberFieldProblems {
  const problems: MemberFieldProblems = {};
  for (const field of memberFields) {
    const problem = fields[field];
    if (problem) problems[field] = formProblem(problem);
  }
  // A refusal of something the form does not show still has to be said somewhere.
  if (Object.keys(problems).length === 0) problems.firstName = 'invalid';
  return problems;
}

/**
 * The server's field errors for the email change: a password refused as `invalid` is the wrong
 * password; an address refused as `invalid` is not one the server takes (or the current one).
 */
export function emailChangeFieldProblems(fields: FieldErrors): EmailChangeFieldProblems {
  const problems: EmailChangeFieldProblems = {};
  if (fields.newEmail) problems.newEmail = formProblem(fields.newEmail);
  if (fields.password) problems.password = fields.password === 'invalid' ? 'wrongPassword' : formProblem(fields.password);
  if (Object.keys(problems).length === 0) problems.newEmail = 'invalid';
  return problems;
}

/** Creates the member machine's implementations. */
export function createMemberImplementations(): MachineImplementationsFrom<typeof memberMachine> {
  return {
    actors: {
      loadMember: fromPromise(({ signal }) => mapped(() => loadMemberProfile({ signal }), toMemberCallError)),
      saveDetails: fromPromise(async ({ input, signal }) => {
        const answer = await mapped(() => updateMemberDetails(input, { signal }), toMemberCallError);
        if (!answer.ok) throw new CallError('refused', { fields: memberFieldProblems(answer.fields) });
        return answer.value;
      }),
      signOutEverywhere: fromPromise(({ signal }) => mapped(() => signOutEverywhere({ signal }), toMemberCallError)),
    },
  };
}

/** Creates the email change machine's implementations. */
export function createEmailChangeImplementations(): MachineImplementationsFrom<typeof emailChangeMachine> {
  return {
    actors: {
      requestEmailChange: fromPromise(async ({ input, signal }) => {
        const answer = await mapped(() => requestEmailChange(input, { signal }), toEmailChangeCallError);
        if (!answer.ok) throw new CallError('refused', { fields: emailChangeFieldProblems(answer.fields) });
        return answer.value;
      }),
    },
  };
}

export interface EmailConfirmationDeps {
  /** Forgets the link's token kept for this page. */
  forgetToken(): void;
  /** Opens the success screen, which leads back to the member information. */
  showSuccess(): void;
}

/** Creates the email confirmation machine's implementations. */
export function createEmailConfirmationImplementations(deps: EmailConfirmationDeps): MachineImplementationsFrom<typeof emailConfirmationMachine> {
  return {
    actors: {
      confirmEmailChange: fromPromise(({ input, signal }) => mapped(() => confirmEmailChange(input, { signal }), toEmailConfirmationCallError)),
    },
    actions: {
      forgetToken: () => deps.forgetToken(),
      showSuccess: () => deps.showSuccess(),
    },
  };
}
