import type { RegistrationRequest } from '@contracts/registration';
import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import { settlesOnRegistration, toRegistrationRequest } from './registration.rules';
import {
  registrationFields,
  type RegistrationContext,
  type RegistrationEvent,
  type RegistrationFailureCode,
  type RegistrationField,
  type RegistrationFieldError,
  type RegistrationInput,
  type RegistrationRejection,
  type RegistrationTag,
} from './registration.types';

const failureCodes: readonly RegistrationFailureCode[] = ['tooManyRequests', 'network', 'serverError'];

/** What the `register` actor rejected with, as the machine reads it: anything unknown is a server error. */
export const toRegistrationRejection = (error: unknown): RegistrationRejection =>
  toFormRejection<RegistrationField, RegistrationFieldError, RegistrationFailureCode>(error, failureCodes);

/** The failure said above the form when the call failed as a whole. */
const failureOf = (rejection: RegistrationRejection): RegistrationFailureCode => (rejection.code === 'refused' ? 'serverError' : rejection.code);

/**
 * Registering for a billing account: the form (each field's error shows once the person has left
 * it, and every one after a refused submit), the register call, and the "email on its way" page.
 * The field rules are the app's (`isDraftValid`), the same the server checks; every effect is
 * provided with `registrationMachine.provide(createRegistrationImplementations(deps))`.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    tags: {} as RegistrationTag,
  },
  actors: {
    /** POST api/userregistration/Register; rejects with a `RegistrationRejection`. */
    register: fromPromise<unknown, RegistrationRequest>(() => Promise.reject(new Error('register not provided'))),
  },
  actions: {
    keepSentTo: assign(({ context }) => ({ sentTo: context.draft.email.trim() })),
  },
  guards: {
    /** Every field keeps its rules (provided by the app: the rules it shares with the server). */
    isDraftValid: () => false,
  },
}).extend(formSetup<RegistrationContext, RegistrationEvent>(registrationFields, { settles: settlesOnRegistration })).createMachine({
  id: 'registration',
  description:
    'Registering for a billing account: the form with its own rules, sending it, and the page that says an email is on its way.',
  context: ({ input }) => ({
    draft: {
      firstName: '',
      lastName: '',
      company: '',
      email: '',
      password: '',
      passwordConfirmation: '',
      clientCode: input.clientCode,
      rosterAcct: '',
      invoice: '',
      postalCode: '',
    },
    checked: [],
    serverProblems: {},
    failure: null,
    refusals: 0,
    sentTo: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        "The person fills in the form, the client code already filled in from the page's address. What was typed is always kept, also after a refusal; a field shows its error once the person has left it (or after a refused submit), and a server error stays at its field until that field changes.",
      meta: { requirements: ['ACC-1', 'ACC-11', 'ACC-16'] },
      on: {
        'form.edit': {
          description:
            "Keeps the typed text; the server's error at that field goes, and so does one it settles (a password refused as the email, when the email changes; an account that does not match, when the client, account or invoice changes).",
          actions: { type: 'recordEdit', params: ({ event }) => event },
          meta: { requirements: ['ACC-11', 'ACC-14', 'ACC-17'] },
        },
        'form.leave': {
          description: 'Leaving a field typed in shows its error from now on; tabbing past an empty field does not.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['ACC-11'] },
        },
        'form.submit': [
          {
            description: 'Every field keeps its rules: the registration is sent.',
            guard: 'isDraftValid',
            target: 'submitting',
            actions: 'clearFailure',
            meta: { requirements: ['ACC-1'] },
          },
          {
            description: 'Some field breaks its rules: nothing is sent, every error shows and the focus goes to the first field to fix.',
            actions: ['checkAllFields', 'countRefusal'],
            meta: { requirements: ['ACC-12'] },
          },
        ],
      },
    },
    submitting: {
      description:
        'The registration is being sent as the server takes it: trimmed, the client code in capitals, the billing group empty (Register). Another submit is ignored, so a double click registers once.',
      meta: { requirements: ['ACC-1', 'ACC-13'] },
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => toRegistrationRequest(context.draft),
        onDone: {
          description: 'Registered, or the address was already registered: the page says an email is on its way either way.',
          target: 'sent',
          actions: 'keepSentTo',
          meta: { requirements: ['ACC-18'] },
        },
        onError: [
          {
            description: "The server refused fields (the password's rules, an account and invoice that do not belong together): each shows at its field.",
            guard: { type: 'isRefusedByServer', params: ({ event }) => toRegistrationRejection(event.error) },
            target: 'editing',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toRegistrationRejection(event.error)) }) },
            meta: { requirements: ['ACC-14', 'ACC-17'] },
          },
          {
            description: 'Asked too often, or the network or the server failed: the form says why and is kept to send again.',
            target: 'editing',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(toRegistrationRejection(event.error)) }) },
            meta: { requirements: ['ACC-15'] },
          },
        ],
      },
    },
    sent: {
      description:
        'Registered: the page says an email is on its way to the address (the activation link, or to an address already registered a notice instead), the same page either way.',
      meta: { requirements: ['ACC-18'] },
      type: 'final',
    },
  },
});

export type RegistrationMachine = typeof registrationMachine;
