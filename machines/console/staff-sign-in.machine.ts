import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import { codeStepFields, passwordStepFields, staffSignInProblems } from './staff-sign-in.rules';
import {
  staffSignInFields,
  type PasswordOutcome,
  type StaffFieldProblem,
  type StaffSignInContext,
  type StaffSignInEvent,
  type StaffSignInField,
  type StaffSignInFailure,
  type StaffSignInInput,
  type StaffSignInRejection,
  type StaffSignInTag,
} from './staff-sign-in.types';

const failures: readonly StaffSignInFailure[] = ['invalidCredentials', 'invalidCode', 'tooManyRequests', 'expired', 'passkeyFailed', 'network', 'serverError'];

/** What a step's call rejected with, as the form reads it. */
export const toStaffSignInRejection = (error: unknown): StaffSignInRejection => toFormRejection<StaffSignInField, StaffFieldProblem, StaffSignInFailure>(error, failures);

const failureOf = (error: unknown): StaffSignInFailure | null => {
  const rejection = toStaffSignInRejection(error);
  return rejection.code === 'refused' ? 'serverError' : rejection.code;
};

/**
 * A staff member signs in to the billing office's console (`/{client}/office/`): the email and
 * password (and the lab's code when the address names none), then a second factor: a six-digit
 * code from an authenticator app or a one-time recovery code, or a passkey. A staff member with no
 * second factor yet (an invitation opened elsewhere) is sent to set one up. Every effect (the
 * calls, the passkey ceremony, opening the console) is provided by the app.
 */
export const staffSignInMachine = setup({
  types: {
    context: {} as StaffSignInContext,
    events: {} as StaffSignInEvent,
    input: {} as StaffSignInInput,
    tags: {} as StaffSignInTag,
  },
  actors: {
    /** POST api/console/sign-in; rejects with a `StaffSignInRejection`. */
    checkPassword: fromPromise<PasswordOutcome, { clientCode: string; email: string; password: string }>(() => Promise.reject(new Error('checkPassword not provided'))),
    /** POST api/console/sign-in/code. */
    checkCode: fromPromise<unknown, { code: string }>(() => Promise.reject(new Error('checkCode not provided'))),
    /** The passkey ceremony: the options, the browser's authenticator, POST api/console/sign-in/passkey. */
    usePasskey: fromPromise<unknown>(() => Promise.reject(new Error('usePasskey not provided'))),
  },
  actions: {
    /** Opens the console: the staff member is signed in. */
    showConsole: () => {},
    /** Opens the page that sets up a second factor. */
    showEnrolment: () => {},
    /** The code step starts clean: the second factors the staff member has, no problem shown yet. */
    startCodeStep: assign(({ context }, { factors }: { factors: StaffSignInContext['factors'] }) => ({
      factors,
      checked: [],
      serverProblems: {},
      failure: null,
      draft: { ...context.draft, password: '', code: '' },
    })),
    /** Back to the password step: the code goes, the lab and email stay. */
    startPasswordStep: assign(({ context }) => ({ checked: [], serverProblems: {}, draft: { ...context.draft, password: '', code: '' } })),
    /** The code goes, and with it the server's problem at it. */
    forgetCode: assign(({ context }) => ({ draft: { ...context.draft, code: '' }, serverProblems: {} })),
  },
  guards: {
    /** A password was given in this browser already: a second factor is owed. */
    hasFactors: ({ context }) => context.factors.passkey || context.factors.authenticatorApp,
    /** The step's `fields` keep the rules (the other step's are not asked). */
    isDraftValid: ({ context }, { fields }: { fields: readonly StaffSignInField[] }) => Object.keys(staffSignInProblems(context.draft, fields)).length === 0,
    needsEnrolment: (_, outcome: PasswordOutcome) => outcome.next === 'enrol',
    hasPasskey: ({ context }) => context.factors.passkey,
    /** The pending sign-in ran out, or the server no longer knows it: start from the password. */
    isExpired: (_, { failure }: { failure: StaffSignInFailure | null }) => failure === 'expired',
  },
}).extend(formSetup<StaffSignInContext, StaffSignInEvent>(staffSignInFields)).createMachine({
  id: 'staffSignIn',
  description: "A staff member signs in to the billing office's console: the password, then a second factor (an authenticator code, a recovery code or a passkey).",
  context: ({ input }) => ({
    draft: { clientCode: input.clientCode, email: input.email ?? '', password: '', code: '' },
    checked: [],
    serverProblems: {},
    failure: null,
    refusals: 0,
    clientFromAddress: input.clientCode !== '',
    factors: input.factors ?? { passkey: false, authenticatorApp: false },
  }),
  initial: 'checkingStart',
  states: {
    checkingStart: {
      description: 'Where this browser stands: a password already given here goes on at its second factor.',
      meta: { requirements: ['OFF-1', 'OFF-2'] },
      always: [
        { description: 'A password given here already: its second factor is asked for.', guard: 'hasFactors', target: 'secondFactor', meta: { requirements: ['OFF-2'] } },
        { description: 'The email and password are asked for.', target: 'password', meta: { requirements: ['OFF-1'] } },
      ],
    },
    password: {
      description: "The email and password (and the lab's code when the address names none); what was typed is kept, the password too until it is sent.",
      meta: { requirements: ['OFF-1'] },
      on: {
        'form.edit': { description: 'Keeps the typed text.', actions: { type: 'recordEdit', params: ({ event }) => event }, meta: { requirements: ['OFF-1'] } },
        'form.leave': {
          description: 'Leaving a field typed in shows its problem from now on.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['OFF-1'] },
        },
        'form.submit': [
          {
            description: 'The fields keep the rules: the password is checked.',
            guard: { type: 'isDraftValid', params: ({ context }) => ({ fields: passwordStepFields(context.clientFromAddress) }) },
            target: 'checkingPassword',
            actions: 'clearFailure',
            meta: { requirements: ['OFF-1'] },
          },
          { description: "A field breaks a rule: nothing is sent, its problem shows and takes the focus.", actions: ['checkAllFields', 'countRefusal'], meta: { requirements: ['OFF-1'] } },
        ],
      },
    },
    checkingPassword: {
      description: 'The email and password are on their way; a second submit is ignored.',
      tags: ['busy'],
      meta: { requirements: ['OFF-1'] },
      invoke: {
        id: 'checkPassword',
        src: 'checkPassword',
        input: ({ context }) => ({ clientCode: context.draft.clientCode.trim().toUpperCase(), email: context.draft.email.trim(), password: context.draft.password }),
        onDone: [
          {
            description: 'Right, but no second factor is set up yet: the page that sets one up opens.',
            guard: { type: 'needsEnrolment', params: ({ event }) => event.output },
            target: 'enrolling',
            meta: { requirements: ['OFF-4'] },
          },
          {
            description: 'Right: the second factor is asked for.',
            target: 'secondFactor',
            actions: { type: 'startCodeStep', params: ({ event }) => ({ factors: event.output.next === 'secondFactor' ? event.output.factors : { passkey: false, authenticatorApp: false } }) },
            meta: { requirements: ['OFF-2'] },
          },
        ],
        onError: [
          {
            description: 'The server refuses a field as typed (a character that cannot be used): said at the field, what was typed kept; the focus goes to it.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => toStaffSignInRejection(event.error) },
            target: 'password',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toStaffSignInRejection(event.error)) }) },
            meta: { requirements: ['OFF-1'] },
          },
          {
            description: 'Not right (the same words for an unknown email and a wrong password), too many tries, or the network or server failed: said above the form, the password cleared.',
            target: 'password',
            actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) }, 'startPasswordStep', 'countRefusal'],
            meta: { requirements: ['OFF-1', 'OFF-5'] },
          },
        ],
      },
    },
    secondFactor: {
      description: 'The second factor: a code from the authenticator app or a recovery code, or the passkey (offered when one is set up).',
      meta: { requirements: ['OFF-2', 'OFF-3'] },
      on: {
        'form.edit': { description: 'Keeps the typed code.', actions: { type: 'recordEdit', params: ({ event }) => event }, meta: { requirements: ['OFF-2'] } },
        'form.leave': {
          description: 'Leaving the code typed in shows its problem from now on.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['OFF-2'] },
        },
        'form.submit': [
          { description: 'A code of the right shape: it is checked.', guard: { type: 'isDraftValid', params: () => ({ fields: codeStepFields }) }, target: 'checkingCode', actions: 'clearFailure', meta: { requirements: ['OFF-2'] } },
          { description: 'Not a code: nothing is sent, the problem shows at the field.', actions: ['checkAllFields', 'countRefusal'], meta: { requirements: ['OFF-2'] } },
        ],
        'passkey.use': {
          description: 'The person answers with their passkey.',
          guard: 'hasPasskey',
          target: 'usingPasskey',
          actions: 'clearFailure',
          meta: { requirements: ['OFF-3'] },
        },
        'signIn.restart': {
          description: 'Starts again from the password.',
          target: 'password',
          actions: ['clearFailure', 'startPasswordStep'],
          meta: { requirements: ['OFF-1'] },
        },
      },
    },
    checkingCode: {
      description: 'The code is on its way.',
      tags: ['busy'],
      meta: { requirements: ['OFF-2'] },
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: ({ context }) => ({ code: context.draft.code.trim() }),
        onDone: { description: 'The code is right: the console opens.', target: 'signedIn', meta: { requirements: ['OFF-2'] } },
        onError: [
          {
            description: 'The sign-in ran out meanwhile: start again from the password, and say why.',
            guard: { type: 'isExpired', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            target: 'password',
            actions: [{ type: 'keepFailure', params: () => ({ failure: 'expired' as const }) }, 'startPasswordStep'],
            meta: { requirements: ['OFF-5'] },
          },
          {
            description: 'The server refuses the code as typed (a character that cannot be used): said at the field, the code kept; the focus goes to it.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => toStaffSignInRejection(event.error) },
            target: 'secondFactor',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toStaffSignInRejection(event.error)) }) },
            meta: { requirements: ['OFF-2'] },
          },
          {
            description: 'A wrong or used code (each is good once), too many tries, or a failure: said above the form, the code cleared.',
            target: 'secondFactor',
            actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) }, 'forgetCode', 'countRefusal'],
            meta: { requirements: ['OFF-2', 'OFF-5'] },
          },
        ],
      },
    },
    usingPasskey: {
      description: "The browser asks the device for the passkey (the device's own prompt), and the answer is checked.",
      tags: ['busy'],
      meta: { requirements: ['OFF-3'] },
      invoke: {
        id: 'usePasskey',
        src: 'usePasskey',
        onDone: { description: 'The passkey answered: the console opens.', target: 'signedIn', meta: { requirements: ['OFF-3'] } },
        onError: [
          {
            description: 'The sign-in ran out meanwhile: start again from the password.',
            guard: { type: 'isExpired', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            target: 'password',
            actions: [{ type: 'keepFailure', params: () => ({ failure: 'expired' as const }) }, 'startPasswordStep'],
            meta: { requirements: ['OFF-5'] },
          },
          {
            description: 'Cancelled, no passkey here, not accepted, or a failure: said above the form; a code still works.',
            target: 'secondFactor',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            meta: { requirements: ['OFF-3', 'OFF-5'] },
          },
        ],
      },
    },
    enrolling: {
      description: 'No second factor yet: the page that sets one up opens.',
      type: 'final',
      entry: 'showEnrolment',
      meta: { requirements: ['OFF-4'] },
    },
    signedIn: {
      description: 'Signed in: the console opens.',
      type: 'final',
      entry: 'showConsole',
      meta: { requirements: ['OFF-2', 'OFF-3'] },
    },
  },
});

export type StaffSignInMachine = typeof staffSignInMachine;
