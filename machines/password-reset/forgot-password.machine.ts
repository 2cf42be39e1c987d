import { fromPromise, setup } from 'xstate';
import { refusedFields } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import { passwordFormFailure, toPasswordFormRejection } from './password-form.rules';
import {
  forgotPasswordFields,
  type EmailFieldProblem,
  type ForgotPasswordContext,
  type ForgotPasswordEvent,
  type ForgotPasswordField,
  type ForgotPasswordInput,
  type PasswordFormRejection,
  type PasswordFormTag,
} from './password-reset.types';

const emailProblems: readonly EmailFieldProblem[] = ['required', 'tooLong', 'invalidEmail', 'invalidCharacters'];
/** The server's reason at the address, as the form names it (any other reads as not an address). */
const asEmailProblem = (problem: unknown): EmailFieldProblem => emailProblems.find((known) => known === problem) ?? 'invalidEmail';

/** What the `requestReset` actor rejected with, the server's reason at the address as the form names it. */
export function toForgotPasswordRejection(error: unknown): PasswordFormRejection<ForgotPasswordField, EmailFieldProblem> {
  const rejection = toPasswordFormRejection<ForgotPasswordField>(error);
  return rejection.code === 'refused' ? { code: 'refused', fields: { email: asEmailProblem(rejection.fields.email) } } : rejection;
}

/**
 * Asking for a reset link (`forgotpassword`): the email address, checked at the field when it is
 * left and on submit (and again by the server); then CheckEmail, whose answer is the same whether
 * or not the address has an account, and the next page that says a link was sent to it. The
 * field's rules are the app's (`isDraftValid`); every effect is provided by the app.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
    tags: {} as PasswordFormTag,
  },
  actors: {
    /** POST api/ForgotPassword/CheckEmail; rejects with a `PasswordFormRejection`. */
    requestReset: fromPromise<unknown, { email: string }>(() => Promise.reject(new Error('requestReset not provided'))),
  },
  actions: {
    /** Keeps the address in this tab's session storage and opens the "link sent" page. */
    showSent: (_, _params: { email: string }) => {},
  },
  guards: {
    /** The address keeps the form's rules (provided by the app: the rules it shares with the server). */
    isDraftValid: () => false,
  },
}).extend(formSetup<ForgotPasswordContext, ForgotPasswordEvent>(forgotPasswordFields)).createMachine({
  id: 'forgotPassword',
  description: 'Asking for a reset link by email: the address, the request (CheckEmail), and the page that says a link was sent to it.',
  context: ({ input }) => ({ draft: { email: input.email }, checked: [], serverProblems: {}, failure: null, refusals: 0 }),
  initial: 'editing',
  states: {
    editing: {
      description:
        "The person types the address of their account (kept from an earlier visit in this tab). What was typed is kept; the field's problem shows once it was left, or after a refused submit.",
      meta: { requirements: ['ACC-4', 'ACC-11'] },
      on: {
        'form.edit': {
          description: "Keeps the typed text; the server's problem at the field goes.",
          actions: { type: 'recordEdit', params: ({ event }) => event },
          meta: { requirements: ['ACC-11', 'ACC-14'] },
        },
        'form.leave': {
          description: 'Leaving the field typed in shows its problem from now on; tabbing past it empty does not.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['ACC-11'] },
        },
        'form.submit': [
          {
            description: 'The address keeps the rules: the request is sent.',
            guard: 'isDraftValid',
            target: 'submitting',
            actions: 'clearFailure',
            meta: { requirements: ['ACC-4'] },
          },
          {
            description: "The address breaks a rule: nothing is sent, the field's problem shows and takes the focus.",
            actions: ['checkAllFields', 'countRefusal'],
            meta: { requirements: ['ACC-12'] },
          },
        ],
      },
    },
    submitting: {
      description: 'The request is on its way (CheckEmail); another submit is ignored, so a double click asks once.',
      meta: { requirements: ['ACC-4', 'ACC-13'] },
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.draft.email.trim() }),
        onDone: {
          description:
            'The server took the request; it answers the same whether or not the address has an account. The address is kept in session storage and the next page names it.',
          target: 'sent',
          meta: { requirements: ['ACC-2', 'ACC-4', 'ACC-34'] },
        },
        onError: [
          {
            description: 'The server refused the address as typed: its reason shows at the field, which takes the focus.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => toForgotPasswordRejection(event.error) },
            target: 'editing',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toForgotPasswordRejection(event.error)) }) },
            meta: { requirements: ['ACC-14'] },
          },
          {
            description: 'Asked too often, or the network or the server failed: said above the form, the address kept to send again.',
            target: 'editing',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: passwordFormFailure(toForgotPasswordRejection(event.error)) }) },
            meta: { requirements: ['ACC-15'] },
          },
        ],
      },
    },
    sent: {
      description: 'Sent: the address waits in session storage (forgotPasswordEmail) and the page that says a link went to it opens.',
      meta: { requirements: ['ACC-34'] },
      type: 'final',
      entry: { type: 'showSent', params: ({ context }) => ({ email: context.draft.email.trim() }) },
    },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
