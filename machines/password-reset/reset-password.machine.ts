import { assign, fromPromise, setup } from 'xstate';
import { refusedFields } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import { passwordFormFailure, toPasswordFormRejection } from './password-form.rules';
import {
  resetPasswordFields,
  type PasswordFormRejection,
  type PasswordFormTag,
  type ResetPasswordContext,
  type ResetPasswordEvent,
  type ResetPasswordField,
  type ResetPasswordInput,
  type ResetPasswordSubmission,
} from './password-reset.types';

/** What the reset link's calls rejected with. */
export const toResetPasswordRejection = (error: unknown): PasswordFormRejection<ResetPasswordField> => toPasswordFormRejection<ResetPasswordField>(error);

/**
 * Choosing a new password through the emailed link (`resetpassword`): the link is checked first
 * (CheckResetLink, without spending it), then the new password typed twice, checked at each field
 * when it is left and on submit (and again by the server); ResetPassword spends the link and ends
 * every session of the user, and the sign-in follows. A link that does not work says so calmly.
 * The form's rules are the app's (`isDraftValid`); every effect is provided by the app.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    tags: {} as PasswordFormTag,
  },
  actors: {
    /** POST api/ForgotPassword/CheckResetLink: the account the link is for; rejects with `linkInvalid` when it does not work. */
    checkResetLink: fromPromise<{ email: string }, { token: string }>(() => Promise.reject(new Error('checkResetLink not provided'))),
    /** POST api/ForgotPassword/ResetPassword; rejects with a `PasswordFormRejection`. */
    resetPassword: fromPromise<unknown, ResetPasswordSubmission>(() => Promise.reject(new Error('resetPassword not provided'))),
  },
  actions: {
    /** Opens the success screen, which leads to signing in with the new password. */
    showSignIn: () => {},
    /** The account the link is for: the new password may not be it. */
    keepAccount: assign((_, { email }: { email: string }) => ({ email })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    /** Both fields keep the rules (provided by the app: the rules it shares with the server). */
    isDraftValid: () => false,
    isLinkInvalid: (_, rejection: PasswordFormRejection<ResetPasswordField>) => rejection.code === 'linkInvalid',
  },
}).extend(formSetup<ResetPasswordContext, ResetPasswordEvent>(resetPasswordFields)).createMachine({
  id: 'resetPassword',
  description:
    'Choosing a new password through the emailed link: the link checked, the new password typed twice, every session of the user ended, then signing in.',
  context: ({ input }) => ({
    token: input.token,
    email: '',
    draft: { password: '', passwordConfirmation: '' },
    checked: [],
    serverProblems: {},
    failure: null,
    refusals: 0,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'The page opened from the link: whether it carried a token.',
      meta: { requirements: ['ACC-35'] },
      always: [
        { description: 'The link carried a token: it is checked.', guard: 'hasToken', target: 'checkingLink', meta: { requirements: ['ACC-35'] } },
        { description: 'The link carried no token: it cannot work.', target: 'linkInvalid', meta: { requirements: ['ACC-35'] } },
      ],
    },
    checkingLink: {
      description: 'Asks whether the link still works, without spending it (CheckResetLink).',
      meta: { requirements: ['ACC-35'] },
      tags: ['busy'],
      invoke: {
        id: 'checkResetLink',
        src: 'checkResetLink',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          description: 'The link works: the form, for the account it is for.',
          target: 'editing',
          actions: { type: 'keepAccount', params: ({ event }) => event.output },
          meta: { requirements: ['ACC-4'] },
        },
        onError: [
          {
            description: 'The link is used, expired or unknown.',
            guard: { type: 'isLinkInvalid', params: ({ event }) => toResetPasswordRejection(event.error) },
            target: 'linkInvalid',
            meta: { requirements: ['ACC-35'] },
          },
          {
            description: 'The network or the server failed: whether the link works is not known yet.',
            target: 'checkFailed',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: passwordFormFailure(toResetPasswordRejection(event.error)) }) },
            meta: { requirements: ['ACC-15'] },
          },
        ],
      },
    },
    checkFailed: {
      description: 'The link could not be checked: the page says why and offers to try again.',
      meta: { requirements: ['ACC-15'] },
      on: {
        'resetPassword.retry': {
          description: 'Tries the check again.',
          target: 'checkingLink',
          actions: 'clearFailure',
          meta: { requirements: ['ACC-15'] },
        },
      },
    },
    editing: {
      description:
        "The new password and its confirmation. What was typed is kept; a field's problem shows once it was left after typing, or after a refused submit; a server's reason stays at its field until that field changes.",
      meta: { requirements: ['ACC-4', 'ACC-11', 'ACC-36'] },
      on: {
        'form.edit': {
          description: "Keeps the typed text; the server's reason at that field goes.",
          actions: { type: 'recordEdit', params: ({ event }) => event },
          meta: { requirements: ['ACC-11', 'ACC-14'] },
        },
        'form.leave': {
          description: 'Leaving a field typed in shows its problem from now on; tabbing past it empty does not.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['ACC-11'] },
        },
        'form.submit': [
          {
            description: 'Both fields keep the rules (the same password twice, DEC-12): the new password is sent.',
            guard: 'isDraftValid',
            target: 'submitting',
            actions: 'clearFailure',
            meta: { requirements: ['ACC-36', 'DEC-12'] },
          },
          {
            description: 'A field breaks a rule: nothing is sent, every problem shows and the focus goes to the first field to fix.',
            actions: ['checkAllFields', 'countRefusal'],
            meta: { requirements: ['ACC-12'] },
          },
        ],
      },
    },
    submitting: {
      description: 'The new password is on its way (ResetPassword); another submit is ignored, so a double click sends once.',
      meta: { requirements: ['ACC-4', 'ACC-13'] },
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token ?? '', password: context.draft.password }),
        onDone: {
          description: 'The password is changed, every session of the user has ended and a notice went to the address: on to signing in.',
          target: 'reset',
          meta: { requirements: ['ACC-37'] },
        },
        onError: [
          {
            description: 'The server refused the password (a common one, say): its reason shows at the field, the link still works.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => toResetPasswordRejection(event.error) },
            target: 'editing',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toResetPasswordRejection(event.error)) }) },
            meta: { requirements: ['ACC-14', 'DEC-12'] },
          },
          {
            description: 'The link stopped working meanwhile (used in another tab, or expired).',
            guard: { type: 'isLinkInvalid', params: ({ event }) => toResetPasswordRejection(event.error) },
            target: 'linkInvalid',
            meta: { requirements: ['ACC-35'] },
          },
          {
            description: 'Asked too often, or the network or the server failed: said above the form, what was typed kept.',
            target: 'editing',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: passwordFormFailure(toResetPasswordRejection(event.error)) }) },
            meta: { requirements: ['ACC-15'] },
          },
        ],
      },
    },
    reset: {
      description: 'The new password is set: the success screen leads to signing in with it.',
      meta: { requirements: ['ACC-37'] },
      type: 'final',
      entry: 'showSignIn',
    },
    linkInvalid: {
      description: 'The link cannot change the password (no token, used, expired or unknown): said calmly, with the way to ask for a new one.',
      meta: { requirements: ['ACC-35'] },
      type: 'final',
    },
  },
});

export type ResetPasswordMachine = typeof resetPasswordMachine;
