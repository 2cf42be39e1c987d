import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import {
  codeStepFields,
  passwordStepFields,
  staffEnrolmentFields,
  type AuthenticatorSetup,
  type StaffEnrolmentContext,
  type StaffEnrolmentEvent,
  type StaffEnrolmentFailure,
  type StaffEnrolmentField,
  type StaffEnrolmentInput,
  type StaffEnrolmentProblem,
  type StaffEnrolmentRejection,
  type StaffEnrolmentTag,
} from './staff-enrolment.types';

const failures: readonly StaffEnrolmentFailure[] = ['linkInvalid', 'invalidCode', 'passkeyFailed', 'expired', 'tooManyRequests', 'network', 'serverError'];

/** What a step's call rejected with, as the form reads it. */
export const toStaffEnrolmentRejection = (error: unknown): StaffEnrolmentRejection =>
  toFormRejection<StaffEnrolmentField, StaffEnrolmentProblem, StaffEnrolmentFailure>(error, failures);

const failureOf = (error: unknown): StaffEnrolmentFailure => {
  const rejection = toStaffEnrolmentRejection(error);
  return rejection.code === 'refused' ? 'serverError' : rejection.code;
};

/**
 * A staff member sets up their sign-in (`/{client}/office/welcome`): from the invitation link, a
 * password typed twice; then a second factor, a passkey (the device's own prompt) or an
 * authenticator app (its secret shown, a code from it confirms it); then the ten recovery codes,
 * shown once; then the console. Every effect is provided by the app.
 */
export const staffEnrolmentMachine = setup({
  types: {
    context: {} as StaffEnrolmentContext,
    events: {} as StaffEnrolmentEvent,
    input: {} as StaffEnrolmentInput,
    tags: {} as StaffEnrolmentTag,
  },
  actors: {
    /** POST api/console/invitation. */
    acceptInvitation: fromPromise<unknown, { token: string; password: string }>(() => Promise.reject(new Error('acceptInvitation not provided'))),
    /** POST api/console/enrol/authenticator: a new secret. */
    startApp: fromPromise<AuthenticatorSetup>(() => Promise.reject(new Error('startApp not provided'))),
    /** POST api/console/enrol/authenticator/confirm: the recovery codes. */
    confirmApp: fromPromise<string[], { code: string }>(() => Promise.reject(new Error('confirmApp not provided'))),
    /** The passkey ceremony (options, the device, POST api/console/enrol/passkey): the recovery codes. */
    registerPasskey: fromPromise<string[]>(() => Promise.reject(new Error('registerPasskey not provided'))),
  },
  actions: {
    /** Opens the console. */
    showConsole: () => {},
    keepSetup: assign((_, setup: AuthenticatorSetup) => ({ setup, checked: [], serverProblems: {}, failure: null, draft: { password: '', passwordConfirmation: '', code: '' } })),
    keepRecoveryCodes: assign((_, { codes }: { codes: string[] }) => ({ recoveryCodes: codes, setup: null, failure: null })),
    forgetCode: assign(({ context }) => ({ draft: { ...context.draft, code: '' } })),
    forgetPasswords: assign(({ context }) => ({ draft: { ...context.draft, password: '', passwordConfirmation: '' }, checked: [] })),
  },
  guards: {
    /** The step's `fields` keep the rules (provided by the app: the password rules it shares with the server, a code of six digits). */
    isDraftValid: (_, _params: { fields: readonly StaffEnrolmentField[] }) => false,
    hasInvitation: ({ context }) => context.token !== null,
    isEnrolling: ({ context }) => context.enrolling,
    isFailure: (_, { failure, expected }: { failure: StaffEnrolmentFailure; expected: StaffEnrolmentFailure }) => failure === expected,
  },
}).extend(formSetup<StaffEnrolmentContext, StaffEnrolmentEvent>(staffEnrolmentFields)).createMachine({
  id: 'staffEnrolment',
  description: 'A staff member sets up their sign-in from an invitation: a password, a second factor (passkey or authenticator app), and ten recovery codes shown once.',
  context: ({ input }) => ({
    draft: { password: '', passwordConfirmation: '', code: '' },
    checked: [],
    serverProblems: {},
    failure: null,
    refusals: 0,
    token: input.token,
    enrolling: input.enrolling,
    setup: null,
    recoveryCodes: [],
  }),
  initial: 'start',
  states: {
    start: {
      description: 'From the invitation link: the password first; signed in with a password but no second factor: the choice.',
      meta: { requirements: ['OFF-4', 'OFF-6'] },
      always: [
        { description: 'An invitation link: the password is chosen first.', guard: 'hasInvitation', target: 'password', meta: { requirements: ['OFF-6'] } },
        { description: 'The password is set already: the second factor is chosen.', guard: 'isEnrolling', target: 'choosing', meta: { requirements: ['OFF-4'] } },
        { description: 'No invitation and no sign-in waiting for a second factor: sign in first.', target: 'expired', meta: { requirements: ['OFF-5'] } },
      ],
    },
    password: {
      description: 'The new password, typed twice (the patients’ rules: 12 to 128 characters, not common).',
      meta: { requirements: ['OFF-6'] },
      on: {
        'form.edit': { description: 'Keeps the typed text.', actions: { type: 'recordEdit', params: ({ event }) => event }, meta: { requirements: ['OFF-6'] } },
        'form.leave': {
          description: 'Leaving a field typed in shows its problem from now on.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['OFF-6'] },
        },
        'form.submit': [
          {
            description: 'The passwords keep the rules and match: the password is set.',
            guard: { type: 'isDraftValid', params: () => ({ fields: passwordStepFields }) },
            target: 'settingPassword',
            actions: 'clearFailure',
            meta: { requirements: ['OFF-6'] },
          },
          { description: 'A rule is broken: nothing is sent, the problem shows at its field.', actions: ['checkAllFields', 'countRefusal'], meta: { requirements: ['OFF-6'] } },
        ],
      },
    },
    settingPassword: {
      description: 'The password is on its way with the invitation.',
      tags: ['busy'],
      meta: { requirements: ['OFF-6'] },
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.token ?? '', password: context.draft.password }),
        onDone: { description: 'The password is set: the second factor is chosen next.', target: 'choosing', actions: 'forgetPasswords', meta: { requirements: ['OFF-6'] } },
        onError: [
          {
            description: 'The invitation was used, has expired, or was never sent: said, with whom to ask.',
            guard: { type: 'isFailure', params: ({ event }) => ({ failure: failureOf(event.error), expected: 'linkInvalid' as const }) },
            target: 'linkInvalid',
            meta: { requirements: ['OFF-6'] },
          },
          {
            description: 'The server refused the password (a common one): said at the field.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => toStaffEnrolmentRejection(event.error) },
            target: 'password',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toStaffEnrolmentRejection(event.error)) }) },
            meta: { requirements: ['OFF-6'] },
          },
          {
            description: 'The network or the server failed: said above the form, the passwords kept to send again.',
            target: 'password',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            meta: { requirements: ['OFF-5'] },
          },
        ],
      },
    },
    choosing: {
      description: 'The second factor is chosen: a passkey (this device or a security key) or an authenticator app.',
      meta: { requirements: ['OFF-4'] },
      on: {
        'enrol.choosePasskey': { description: 'A passkey: the device’s own prompt.', target: 'registeringPasskey', actions: 'clearFailure', meta: { requirements: ['OFF-4'] } },
        'enrol.chooseApp': { description: 'An authenticator app: its secret is made.', target: 'startingApp', actions: 'clearFailure', meta: { requirements: ['OFF-4'] } },
      },
    },
    registeringPasskey: {
      description: 'The device makes a passkey for the console, and the server keeps its public key.',
      tags: ['busy'],
      meta: { requirements: ['OFF-4'] },
      invoke: {
        id: 'registerPasskey',
        src: 'registerPasskey',
        onDone: { description: 'The passkey is set: the recovery codes show.', target: 'recoveryCodes', actions: { type: 'keepRecoveryCodes', params: ({ event }) => ({ codes: event.output }) }, meta: { requirements: ['OFF-4', 'OFF-7'] } },
        onError: [
          {
            description: 'The set-up ran out (a pending sign-in lasts only a few minutes): sign in again.',
            guard: { type: 'isFailure', params: ({ event }) => ({ failure: failureOf(event.error), expected: 'expired' as const }) },
            target: 'expired',
            meta: { requirements: ['OFF-5'] },
          },
          {
            description: 'Cancelled, not possible on this device, or a failure: said; the app remains a way.',
            target: 'choosing',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            meta: { requirements: ['OFF-4', 'OFF-5'] },
          },
        ],
      },
    },
    startingApp: {
      description: 'A secret for the authenticator app is made.',
      tags: ['busy'],
      meta: { requirements: ['OFF-4'] },
      invoke: {
        id: 'startApp',
        src: 'startApp',
        onDone: { description: 'The secret shows, to scan or type into the app.', target: 'appCode', actions: { type: 'keepSetup', params: ({ event }) => event.output }, meta: { requirements: ['OFF-4'] } },
        onError: [
          {
            description: 'The set-up ran out: sign in again.',
            guard: { type: 'isFailure', params: ({ event }) => ({ failure: failureOf(event.error), expected: 'expired' as const }) },
            target: 'expired',
            meta: { requirements: ['OFF-5'] },
          },
          { description: 'A failure: said; choose again.', target: 'choosing', actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) }, meta: { requirements: ['OFF-5'] } },
        ],
      },
    },
    appCode: {
      description: 'The secret is shown; a code from the app confirms that the app has it.',
      meta: { requirements: ['OFF-4'] },
      on: {
        'form.edit': { description: 'Keeps the typed code.', actions: { type: 'recordEdit', params: ({ event }) => event }, meta: { requirements: ['OFF-4'] } },
        'form.leave': {
          description: 'Leaving the code typed in shows its problem from now on.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['OFF-4'] },
        },
        'form.submit': [
          { description: 'Six digits: the code is checked.', guard: { type: 'isDraftValid', params: () => ({ fields: codeStepFields }) }, target: 'confirmingApp', actions: 'clearFailure', meta: { requirements: ['OFF-4'] } },
          { description: 'Not six digits: the problem shows at the field.', actions: ['checkAllFields', 'countRefusal'], meta: { requirements: ['OFF-4'] } },
        ],
        'enrol.back': { description: 'Back to the choice (a passkey after all).', target: 'choosing', actions: 'clearFailure', meta: { requirements: ['OFF-4'] } },
      },
    },
    confirmingApp: {
      description: 'The code is on its way.',
      tags: ['busy'],
      meta: { requirements: ['OFF-4'] },
      invoke: {
        id: 'confirmApp',
        src: 'confirmApp',
        input: ({ context }) => ({ code: context.draft.code.replace(/\s/g, '') }),
        onDone: { description: 'The app is set: the recovery codes show.', target: 'recoveryCodes', actions: { type: 'keepRecoveryCodes', params: ({ event }) => ({ codes: event.output }) }, meta: { requirements: ['OFF-4', 'OFF-7'] } },
        onError: [
          {
            description: 'The set-up ran out: sign in again.',
            guard: { type: 'isFailure', params: ({ event }) => ({ failure: failureOf(event.error), expected: 'expired' as const }) },
            target: 'expired',
            meta: { requirements: ['OFF-5'] },
          },
          {
            description: 'The code is not right (the phone’s clock, or a mistyped digit), or a failure: said, the code cleared.',
            target: 'appCode',
            actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) }, 'forgetCode', 'countRefusal'],
            meta: { requirements: ['OFF-4', 'OFF-5'] },
          },
        ],
      },
    },
    recoveryCodes: {
      description: 'The ten recovery codes, shown this once, each good for one sign-in without the second factor.',
      meta: { requirements: ['OFF-7'] },
      on: {
        'enrol.done': { description: 'The codes are kept: the console opens.', target: 'done', meta: { requirements: ['OFF-7'] } },
      },
    },
    done: { description: 'Set up and signed in: the console opens.', type: 'final', entry: 'showConsole', meta: { requirements: ['OFF-7'] } },
    linkInvalid: { description: 'The invitation link does not work: an office admin can invite again.', type: 'final', meta: { requirements: ['OFF-6'] } },
    expired: { description: 'The set-up ran out, or there is none: sign in, which comes back here.', type: 'final', meta: { requirements: ['OFF-5'] } },
  },
});

export type StaffEnrolmentMachine = typeof staffEnrolmentMachine;
