import { assign, fromPromise, setup } from 'xstate';
import { refusedFields } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import { failureOf, toEmailChangeFailure } from './email-change.failures';
import { emailChangeProblems } from './email-change.rules';
import {
  emailChangeFields,
  type EmailChangeContext,
  type EmailChangeEvent,
  type EmailChangeInput,
  type EmailChangeSubmission,
  type EmailChangeTag,
} from './email-change.types';

/**
 * Asking to change the email address, on the `email` page: the new address and the current
 * password are checked at each field when it is left and on submit (and again by the server);
 * then a link goes to the new address and a notice to the current one. The address changes only
 * when the link is opened (`emailConfirmationMachine`). Every effect is provided by the app with
 * `emailChangeMachine.provide(...)`.
 */
export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as EmailChangeInput,
    tags: {} as EmailChangeTag,
  },
  actors: {
    requestEmailChange: fromPromise<{ newEmail: string }, EmailChangeSubmission>(() =>
      Promise.reject(new Error('requestEmailChange not provided')),
    ),
  },
  actions: {
    keepSentTo: assign((_, { newEmail }: { newEmail: string }) => ({
      sentTo: newEmail,
      // The password has done its work: it is not kept a moment longer than needed.
      draft: { newEmail, password: '' },
      checked: [],
      serverProblems: {},
      failure: null,
    })),
    startAgain: assign({ sentTo: null, checked: [], serverProblems: {}, failure: null }),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(emailChangeProblems(context.draft, context.currentEmail)).length === 0,
  },
}).extend(formSetup<EmailChangeContext, EmailChangeEvent>(emailChangeFields)).createMachine({
  id: 'emailChange',
  description:
    'Asking to change the email address: the new address and the current password; a link goes to the new address, and the address changes only when it is opened.',
  context: ({ input }) => ({
    currentEmail: input.currentEmail,
    draft: { newEmail: '', password: '' },
    checked: [],
    serverProblems: {},
    failure: null,
    sentTo: null,
    refusals: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: the new address and the current password.',
      meta: { requirements: ['ACC-7', 'ACC-11'] },
      on: {
        'form.edit': {
          description: "Keeps the typed text; the server's problem at that field goes.",
          actions: { type: 'recordEdit', params: ({ event }) => event },
          meta: { requirements: ['ACC-11', 'ACC-14'] },
        },
        'form.leave': {
          description: 'The user left a field: from now on its problem shows (typing never shows one before).',
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['ACC-11'] },
        },
        'form.submit': [
          {
            description: 'Both fields keep their rules (an address other than the current one, a password): the request is sent.',
            guard: 'isDraftValid',
            target: 'submitting',
            actions: ['checkAllFields', 'clearFailure'],
            meta: { requirements: ['ACC-7'] },
          },
          {
            description: "A field breaks its rules: nothing is sent, every field's problem shows, and the focus goes to the first one.",
            actions: ['checkAllFields', 'countRefusal'],
            meta: { requirements: ['ACC-12'] },
          },
        ],
      },
    },
    submitting: {
      description:
        'The server checks the password and sends the link (RequestEmailChange); its answer is the same whether or not the address is taken. Another submit is ignored meanwhile.',
      meta: { requirements: ['ACC-7', 'ACC-13'] },
      tags: ['busy'],
      invoke: {
        id: 'requestEmailChange',
        src: 'requestEmailChange',
        input: ({ context }) => ({ newEmail: context.draft.newEmail.normalize('NFC').trim(), password: context.draft.password }),
        onDone: {
          description: 'The link is on its way: the page names the address, and the password typed is forgotten.',
          target: 'linkSent',
          actions: { type: 'keepSentTo', params: ({ event }) => event.output },
          meta: { requirements: ['ACC-26'] },
        },
        onError: [
          {
            description: 'The server refused fields (a wrong password, say): their problems show at them, the typed text stays.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => toEmailChangeFailure(event.error) },
            target: 'editing',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toEmailChangeFailure(event.error)) }) },
            meta: { requirements: ['ACC-14'] },
          },
          {
            description: 'Too many attempts, the network or the server: said above the form, the typed text stays.',
            target: 'editing',
            actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(toEmailChangeFailure(event.error)) }) }, 'forgetServerRefusals'],
            meta: { requirements: ['ACC-15'] },
          },
        ],
      },
    },
    linkSent: {
      description: 'The link went to the new address and a notice to the current one; nothing changes until the link is opened.',
      meta: { requirements: ['ACC-7', 'ACC-26'] },
      on: {
        'emailChange.startOver': {
          description: 'Another address (a typo): the form again, with the address typed; the newest link is the only one that works.',
          target: 'editing',
          actions: 'startAgain',
          meta: { requirements: ['ACC-26'] },
        },
      },
    },
  },
});

export type EmailChangeMachine = typeof emailChangeMachine;
