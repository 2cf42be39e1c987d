import { assign, fromPromise, setup } from 'xstate';
import { toEmailChangeFailure } from './email-change.failures';
import { emailChangeProblems } from './email-change.rules';
import {
  emailChangeFields,
  type EmailChangeCallFailure,
  type EmailChangeContext,
  type EmailChangeEvent,
  type EmailChangeField,
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
    updateDraft: assign(({ context }, { field, value }: { field: EmailChangeField; value: string }) => {
      const { [field]: _edited, ...otherProblems } = context.serverProblems;
      return { draft: { ...context.draft, [field]: value }, serverProblems: otherProblems };
    }),
    checkField: assign(({ context }, { field }: { field: EmailChangeField }) => ({
      checked: context.checked.includes(field) ? context.checked : [...context.checked, field],
    })),
    checkAllFields: assign({ checked: () => [...emailChangeFields] }),
    clearFailure: assign({ failure: null }),
    keepFailure: assign((_, { failure }: { failure: EmailChangeCallFailure }) => ({
      failure: failure.code === 'refused' ? null : failure.code === 'linkInvalid' ? 'serverError' : failure.code,
      serverProblems: failure.code === 'refused' ? failure.fields : {},
    })),
    keepSentTo: assign((_, { newEmail }: { newEmail: string }) => ({
      sentTo: newEmail,
      // The password has done its work: it is not kept a moment longer than needed.
      draft: { newEmail, password: '' },
      checked: [],
      serverProblems: {},
      failure: null,
    })),
    startAgain: assign({ sentTo: null, checked: [], serverProblems: {}, failure: null }),
    /** Counts a refused submit: the view moves the focus to the first field to fix after each. */
    countRefusal: assign({ refusals: ({ context }) => context.refusals + 1 }),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(emailChangeProblems(context.draft, context.currentEmail)).length === 0,
    isRefusal: (_, { failure }: { failure: EmailChangeCallFailure }) => failure.code === 'refused',
  },
}).createMachine({
  id: 'emailChange',
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
      on: {
        'emailChange.edit': { actions: { type: 'updateDraft', params: ({ event }) => event } },
        'emailChange.leaveField': {
          description: 'The user left a field: from now on its problem shows (typing never shows one before).',
          actions: { type: 'checkField', params: ({ event }) => event },
        },
        'emailChange.submit': [
          { guard: 'isDraftValid', target: 'submitting', actions: ['checkAllFields', 'clearFailure'] },
          {
            description: "A field breaks its rules: every field's problem shows, and the focus goes to the first one.",
            actions: ['checkAllFields', 'countRefusal'],
          },
        ],
      },
    },
    submitting: {
      description: 'RequestEmailChange checks the password and sends the link; the same answer whether or not the address is taken.',
      tags: ['busy'],
      invoke: {
        id: 'requestEmailChange',
        src: 'requestEmailChange',
        input: ({ context }) => ({ newEmail: context.draft.newEmail.normalize('NFC').trim(), password: context.draft.password }),
        onDone: { target: 'linkSent', actions: { type: 'keepSentTo', params: ({ event }) => event.output } },
        onError: [
          {
            description: 'The server refused fields (a wrong password, say): their problems show at them, the typed text stays.',
            guard: { type: 'isRefusal', params: ({ event }) => ({ failure: toEmailChangeFailure(event.error) }) },
            target: 'editing',
            actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: toEmailChangeFailure(event.error) }) }, 'countRefusal'],
          },
          {
            description: 'Too many attempts, the network or the server: said above the form, the typed text stays.',
            target: 'editing',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: toEmailChangeFailure(event.error) }) },
          },
        ],
      },
    },
    linkSent: {
      description: 'The link went to the new address and a notice to the current one; nothing changes until the link is opened.',
      on: {
        'emailChange.startOver': {
          description: 'Another address (a typo): the form again, with the address typed; the newest link is the only one that works.',
          target: 'editing',
          actions: 'startAgain',
        },
      },
    },
  },
});

export type EmailChangeMachine = typeof emailChangeMachine;
