/**
 * The effects of the console's sign-in machines: the calls, what their failures mean to the forms,
 * the passkey ceremonies, the password rules the app shares with the server, and where each
 * machine leads.
 */
import type { StaffSession } from '@contracts/console';
import type { HelpOutcome } from '@contracts/console-work';
import { staffSessionChild, type consoleMachine } from '@machines/console/console.machine';
import type { SignedInStaff } from '@machines/console/console.types';
import type { RefundAnswer } from '@contracts/payments-out';
import type { patientHelpMachine } from '@machines/console/patient-help.machine';
import type { HelpKind } from '@machines/console/patient-help.types';
import { refundingPayment, refundProblems, type paymentRefundMachine } from '@machines/console/payment-refund.machine';
import { refundFields, type ReadAmount, type RefundCall, type RefundField, type RefundProblem } from '@machines/console/payment-refund.types';
import type { staffAdminMachine } from '@machines/console/staff-admin.machine';
import { inviteFields, type InviteField, type InviteProblem, type StaffRoleOption, type StaffRow } from '@machines/console/staff-admin.types';
import type { staffEnrolmentMachine } from '@machines/console/staff-enrolment.machine';
import type { staffSessionMachine } from '@machines/console/staff-session.machine';
import type { StaffExtended, StaffTimeLeft } from '@machines/console/staff-session.types';
import type { staffSignInMachine } from '@machines/console/staff-sign-in.machine';
import { staffSignInFields, type PasswordOutcome, type StaffFieldProblem, type StaffSignInField } from '@machines/console/staff-sign-in.types';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { CallError } from '@/lib/api/call-error';
import { fieldErrorsOf, refusedFormFields } from '@/lib/api/field-errors';
import { toPasswordFieldProblem } from '@/lib/password-form-rules';
import {
  acceptInvitation,
  changeStaffRole,
  confirmAuthenticator,
  deactivateStaff,
  extendStaffSession,
  getStaffSession,
  getStaffTimeLeft,
  helpAccountUser,
  inviteStaff,
  refundPayment,
  registerPasskey,
  signIn,
  signInWithCode,
  signInWithPasskey,
  signOut,
  startAuthenticator,
} from './office-api';
import { isStaffEnrolmentDraftValid } from './staff-enrolment-rules';

/**
 * A failure's code as the forms know it. `wrong` is what a 401 invalidCredentials means at this
 * step; a 401 notSignedIn means the pending sign-in ran out; a passkey prompt cancelled or refused
 * by the device (a DOMException) is a passkey that did not answer.
 */
function failureOf(error: unknown, wrong: string): CallError {
  if (error instanceof ApiError) {
    const known: Record<string, string> = { invalidCredentials: wrong, notSignedIn: 'expired', tooManyRequests: 'tooManyRequests', network: 'network', linkInvalid: 'linkInvalid' };
    return new CallError(known[error.code] ?? 'serverError', {}, { cause: error });
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || error.name === 'InvalidStateError' || error.name === 'NotSupportedError' || error.name === 'SecurityError')) {
    return new CallError('passkeyFailed', {}, { cause: error });
  }
  return new CallError('serverError', {}, { cause: error });
}

async function mapped<T>(run: () => Promise<T>, wrong: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw failureOf(error, wrong);
  }
}

/** A server's reason at a sign-in field, as the form names it: empty, a character that cannot be used, or (every other) not the field's shape. */
const signInProblemOf = (reason: string): StaffFieldProblem => (reason === 'required' || reason === 'invalidCharacters' ? reason : 'invalid');

/** A sign-in step's failure: the fields the server refused (400) at their fields, or as the step fails as a whole. */
async function signInStep<T>(run: () => Promise<T>, wrong: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const fields = error instanceof ApiError && error.code === 'invalidRequest' ? refusedFormFields<StaffSignInField, StaffFieldProblem>(error, staffSignInFields, signInProblemOf) : {};
    if (Object.keys(fields).length > 0) throw new CallError('refused', { fields }, { cause: error });
    throw failureOf(error, wrong);
  }
}

/**
 * The sign-in's effects: `signedIn` hears the session the second factor answered with (the
 * machine's `showConsole` comes once it has), `enrolmentOwed` whose password was right with no second
 * factor set up yet (the machine's `showEnrolment`).
 */
export function createStaffSignInImplementations({ signedIn, enrolmentOwed }: { signedIn: (session: SignedInStaff) => void; enrolmentOwed: (email: string) => void }): MachineImplementationsFrom<typeof staffSignInMachine> {
  let answered: SignedInStaff | null = null;
  let owed = '';
  /** The second factor's answer: a signed-in session, kept for `showConsole`. */
  const signedInBy = (answer: StaffSession): SignedInStaff => {
    if (answer.stage !== 'signedIn') throw new CallError('serverError');
    answered = answer;
    return answer;
  };
  return {
    actors: {
      checkPassword: fromPromise<PasswordOutcome, { clientCode: string; email: string; password: string }>(({ input, signal }) =>
        signInStep(async () => {
          const answer = await signIn(input, { signal });
          if (answer.stage === 'enrol') {
            owed = answer.email;
            return { next: 'enrol' };
          }
          if (answer.stage === 'secondFactor') return { next: 'secondFactor', factors: answer.factors };
          throw new CallError('serverError');
        }, 'invalidCredentials'),
      ),
      checkCode: fromPromise<unknown, { code: string }>(({ input, signal }) => signInStep(async () => signedInBy(await signInWithCode(input.code, { signal })), 'invalidCode')),
      usePasskey: fromPromise(({ signal }) => mapped(async () => signedInBy(await signInWithPasskey({ signal })), 'passkeyFailed')),
    },
    actions: {
      showConsole: () => {
        if (answered) signedIn(answered);
      },
      showEnrolment: () => enrolmentOwed(owed),
    },
  };
}

/**
 * The staff session's calls: the poll of the time left, staying signed in (a 401 there means the
 * session had ended), signing out. Where the console goes afterwards is the console root's (the
 * child tells it).
 */
export function createStaffSessionImplementations(): MachineImplementationsFrom<typeof staffSessionMachine> {
  return {
    actors: {
      checkTimeLeft: fromPromise<StaffTimeLeft>(({ signal }) => getStaffTimeLeft({ signal })),
      extendSession: fromPromise<StaffExtended>(async ({ signal }) => {
        try {
          return await extendStaffSession({ signal });
        } catch (error) {
          const code = error instanceof ApiError ? error.code : 'serverError';
          throw new CallError(code === 'notSignedIn' ? 'ended' : code === 'network' ? 'network' : 'serverError', {}, { cause: error });
        }
      }),
      signOut: fromPromise<unknown>(() => signOut()),
    },
  };
}

/**
 * The console root's effects: learning the session, signing out, the staff session's calls, and
 * where the console goes (the route guards' re-check, the first screen, a full load afresh).
 */
export function createConsoleImplementations({
  recheckGuards,
  showConsole,
  openConsoleAfresh,
}: {
  recheckGuards: () => void;
  showConsole: () => void;
  openConsoleAfresh: () => void;
}): MachineImplementationsFrom<typeof consoleMachine> {
  return {
    actors: {
      loadStaffSession: fromPromise<StaffSession>(({ signal }) => getStaffSession({ signal })),
      signOut: fromPromise<unknown>(() => signOut()),
      staffSession: staffSessionChild.provide(createStaffSessionImplementations()),
    },
    actions: { recheckGuards, showConsole, openConsoleAfresh },
  };
}

export function createStaffEnrolmentImplementations({ showConsole }: { showConsole: () => void }): MachineImplementationsFrom<typeof staffEnrolmentMachine> {
  return {
    actors: {
      acceptInvitation: fromPromise<unknown, { token: string; password: string }>(async ({ input, signal }) => {
        try {
          return await acceptInvitation(input, { signal });
        } catch (error) {
          const issue = error instanceof ApiError && error.code === 'invalidRequest' ? fieldErrorsOf(error).password : undefined;
          if (issue !== undefined) throw new CallError('refused', { fields: { password: toPasswordFieldProblem(issue) } }, { cause: error });
          throw failureOf(error, 'serverError');
        }
      }),
      startApp: fromPromise(({ signal }) => mapped(() => startAuthenticator({ signal }), 'expired')),
      confirmApp: fromPromise<string[], { code: string }>(({ input, signal }) => mapped(() => confirmAuthenticator(input.code, { signal }), 'invalidCode')),
      registerPasskey: fromPromise<string[]>(({ signal }) => mapped(() => registerPasskey({ signal }), 'passkeyFailed')),
    },
    actions: { showConsole },
    guards: { isDraftValid: ({ context }, { fields }) => isStaffEnrolmentDraftValid(context.draft, fields) },
  };
}

/** A staff call's failure as the staff machine reads it: its own codes pass, a 401 is a session that ended. */
function staffAdminError(error: unknown): CallError {
  const code = error instanceof ApiError ? error.code : 'serverError';
  const known: Record<string, string> = { lastOfficeAdmin: 'lastOfficeAdmin', notSignedIn: 'expired', network: 'network' };
  return new CallError(known[code] ?? 'serverError', {}, { cause: error });
}

/** A server's reason at an invitation's field, as the form names it: every reason at the address makes it not one (too long, control characters), the role's is that none was chosen. */
const inviteProblemOf = (reason: string, field: InviteField): InviteProblem => (field === 'role' ? 'required' : reason === 'required' ? 'required' : 'invalid');

/** An invitation's failure: an address already staff (409 staffExists) or fields the server refused (400) at their fields, or as every staff call fails. */
function inviteError(error: unknown): CallError {
  if (error instanceof ApiError && error.code === 'staffExists') return new CallError('refused', { fields: { email: 'taken' } }, { cause: error });
  if (error instanceof ApiError && error.code === 'invalidRequest') {
    const fields = refusedFormFields(error, inviteFields, inviteProblemOf);
    if (Object.keys(fields).length > 0) return new CallError('refused', { fields }, { cause: error });
  }
  return staffAdminError(error);
}

export function createStaffAdminImplementations(): MachineImplementationsFrom<typeof staffAdminMachine> {
  const guarded = async <T,>(run: () => Promise<T>, toError: (error: unknown) => CallError = staffAdminError): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toError(error);
    }
  };
  return {
    actors: {
      invite: fromPromise<StaffRow, { email: string; role: StaffRoleOption }>(({ input, signal }) => guarded(() => inviteStaff(input, { signal }), inviteError)),
      changeRole: fromPromise<StaffRow, { id: number; role: StaffRoleOption }>(({ input }) => guarded(() => changeStaffRole(input.id, input.role))),
      deactivate: fromPromise<StaffRow, { id: number }>(({ input }) => guarded(() => deactivateStaff(input.id))),
    },
  };
}

/** A console call's failure as a screen's machine reads it: `known` maps the API's codes to the machine's; a 401 is a session that ended. */
function consoleError(error: unknown, known: Record<string, string>): CallError {
  const code = error instanceof ApiError ? error.code : 'serverError';
  const codes: Record<string, string> = { ...known, notSignedIn: 'expired', network: 'network' };
  return new CallError(codes[code] ?? 'serverError', {}, { cause: error });
}

export function createPatientHelpImplementations(accountNumber: string): MachineImplementationsFrom<typeof patientHelpMachine> {
  return {
    actors: {
      help: fromPromise<HelpOutcome, { kind: HelpKind; userId: number }>(async ({ input }) => {
        try {
          return await helpAccountUser(input.kind, accountNumber, input.userId);
        } catch (error) {
          throw consoleError(error, { alreadyActivated: 'alreadyActivated', tooManyRequests: 'tooManyRequests' });
        }
      }),
    },
  };
}

/** A server's reason at a refund's field, as the form names it (the amount's is never typed as cents: each reads as `invalid`). */
function refundProblemOf(reason: string, field: RefundField): RefundProblem {
  if (field === 'reason' && (reason === 'required' || reason === 'tooLong' || reason === 'invalidCharacters')) return reason;
  return 'invalid';
}

/**
 * The refund form's effects: the amount read in the reader's language now (`readAmount`), the call
 * with its key. More than is left is a refusal at the amount; an amount or reason the server refuses (400) at its field.
 */
export function createPaymentRefundImplementations(readAmount: () => ReadAmount): MachineImplementationsFrom<typeof paymentRefundMachine> {
  return {
    actors: {
      refund: fromPromise<RefundAnswer, RefundCall>(async ({ input }) => {
        const amount = readAmount()(input.amount);
        if ('problem' in amount) throw new CallError('refused', { fields: { amount: amount.problem } });
        try {
          return await refundPayment(input.confirmationNumber, { amountCents: amount.cents, reason: input.reason }, input.idempotencyKey);
        } catch (error) {
          if (error instanceof ApiError && error.code === 'amountExceedsRefundable') throw new CallError('refused', { fields: { amount: 'tooMuch' } }, { cause: error });
          if (error instanceof ApiError && error.code === 'invalidRequest') {
            const fields = refusedFormFields(error, refundFields, refundProblemOf, { amount: 'amountCents' });
            if (Object.keys(fields).length > 0) throw new CallError('refused', { fields }, { cause: error });
          }
          throw consoleError(error, { paymentVoided: 'paymentVoided', idempotencyKeyReused: 'keyReused' });
        }
      }),
    },
    guards: {
      isDraftValid: ({ context }) => Object.keys(refundProblems(context.draft, refundingPayment(context)?.refundableCents ?? 0, readAmount())).length === 0,
    },
  };
}
