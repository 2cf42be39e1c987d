import { appActor } from '@machines/app/app-system';
import { appSystemIds } from '@machines/app/app.types';
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { refusedFields } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import { passwordFormFailure, toPasswordFormRejection } from '../password-reset/password-form.rules';
import type { PasswordFormRejection, PasswordFormTag } from '../password-reset/password-reset.types';
import {
  updatePasswordFields,
  type UpdatePasswordContext,
  type UpdatePasswordEvent,
  type UpdatePasswordField,
  type UpdatePasswordInput,
  type UpdatePasswordSubmission,
} from './update-password.types';

/** What the `updatePassword` actor rejected with. */
export const toUpdatePasswordRejection = (error: unknown): PasswordFormRejection<UpdatePasswordField> => toPasswordFormRejection<UpdatePasswordField>(error);

/**
 * Changing the password while signed in (`password`): the current one, the new one and its
 * confirmation, checked at each field when it is left and on submit (and again by the server);
 * UpdatePassword keeps this session, ends the others and answers the new expiry, which the session
 * learns (an expired password then no longer holds the pages back). The form's rules are the
 * app's (`isDraftValid`); every effect is provided by the app.
 */
export const updatePasswordMachine = setup({
  types: {
    context: {} as UpdatePasswordContext,
    events: {} as UpdatePasswordEvent,
    input: {} as UpdatePasswordInput,
    tags: {} as PasswordFormTag,
  },
  actors: {
    /** POST /api/User/UpdatePassword: the new password's days until expiry; rejects with a `PasswordFormRejection`. */
    updatePassword: fromPromise<number, UpdatePasswordSubmission>(() => Promise.reject(new Error('updatePassword not provided'))),
  },
  actions: {
    /** Tells the session (found by its system id) the new expiry: an expired password stops holding the pages back. */
    tellSessionPasswordChanged: sendTo(appActor(appSystemIds.session), (_, { passwordExpiryDays }: { passwordExpiryDays: number }) => ({
      type: 'session.passwordChanged' as const,
      passwordExpiryDays,
    })),
    /** Opens the success screen. */
    showChanged: () => {},
    /** The passwords typed are not kept a moment longer than needed. */
    forgetPasswords: assign({ draft: { currentPassword: '', newPassword: '', passwordConfirmation: '' } }),
  },
  guards: {
    /** Every field keeps the rules (provided by the app: the rules it shares with the server). */
    isDraftValid: () => false,
  },
}).extend(formSetup<UpdatePasswordContext, UpdatePasswordEvent>(updatePasswordFields)).createMachine({
  id: 'updatePassword',
  description: 'Changing the password while signed in: the current one, the new one twice; the other sessions end, this one stays.',
  context: ({ input }) => ({
    email: input.email,
    draft: { currentPassword: '', newPassword: '', passwordConfirmation: '' },
    checked: [],
    serverProblems: {},
    failure: null,
    refusals: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        "The current password, the new one and its confirmation. What was typed is kept; a field's problem shows once it was left after typing, or after a refused submit; a server's reason stays at its field until that field changes.",
      meta: { requirements: ['ACC-8', 'ACC-11', 'ACC-36'] },
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
            description: 'Every field keeps the rules (the current password given, the new one twice, DEC-12): the change is sent.',
            guard: 'isDraftValid',
            target: 'submitting',
            actions: 'clearFailure',
            meta: { requirements: ['ACC-8', 'ACC-36', 'DEC-12'] },
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
      description: 'The change is on its way (UpdatePassword); another submit is ignored, so a double click sends once.',
      meta: { requirements: ['ACC-8', 'ACC-13'] },
      tags: ['busy'],
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ context }) => ({ currentPassword: context.draft.currentPassword, newPassword: context.draft.newPassword }),
        onDone: {
          description:
            'Changed: every other session of the user has ended and a notice went to the address; the session learns the new expiry, and the success screen follows.',
          target: 'changed',
          actions: ['forgetPasswords', { type: 'tellSessionPasswordChanged', params: ({ event }) => ({ passwordExpiryDays: event.output }) }, 'showChanged'],
          meta: { requirements: ['ACC-8', 'ACC-38'] },
        },
        onError: [
          {
            description: 'The server refused fields (a wrong current password, a common new one): each reason shows at its field.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => toUpdatePasswordRejection(event.error) },
            target: 'editing',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toUpdatePasswordRejection(event.error)) }) },
            meta: { requirements: ['ACC-14', 'DEC-12'] },
          },
          {
            description: 'Too many wrong current passwords, signed out meanwhile, or the network or the server failed: said above the form, what was typed kept.',
            target: 'editing',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: passwordFormFailure(toUpdatePasswordRejection(event.error)) }) },
            meta: { requirements: ['ACC-15'] },
          },
        ],
      },
    },
    changed: {
      description: 'The password is changed; the success screen says so.',
      meta: { requirements: ['ACC-38'] },
      type: 'final',
    },
  },
});

export type UpdatePasswordMachine = typeof updatePasswordMachine;
