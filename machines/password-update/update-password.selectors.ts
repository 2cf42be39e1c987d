import type { SnapshotFrom } from 'xstate';
import { firstProblemField as firstOf, shownProblems } from '../form/form.rules';
import type { UpdatePasswordMachine } from './update-password.machine';
import { updatePasswordFields, type UpdatePasswordField, type UpdatePasswordProblems } from './update-password.types';

type UpdatePasswordSnapshot = SnapshotFrom<UpdatePasswordMachine>;

export const selectDraft = (snapshot: UpdatePasswordSnapshot) => snapshot.context.draft;
export const selectEmail = (snapshot: UpdatePasswordSnapshot): string => snapshot.context.email;
export const selectFailure = (snapshot: UpdatePasswordSnapshot) => snapshot.context.failure;
export const selectRefusals = (snapshot: UpdatePasswordSnapshot): number => snapshot.context.refusals;
export const selectIsSubmitting = (snapshot: UpdatePasswordSnapshot): boolean => snapshot.hasTag('busy');
export const selectIsChanged = (snapshot: UpdatePasswordSnapshot): boolean => snapshot.matches('changed');

/** The problems the form shows, given the rules' (`ruleProblems`): the server's first, else the rules' of fields checked. */
export const selectProblems = (snapshot: UpdatePasswordSnapshot, ruleProblems: UpdatePasswordProblems): UpdatePasswordProblems =>
  shownProblems(snapshot.context, updatePasswordFields, ruleProblems);

/** The first field, in the form's order, with a problem among `problems`. */
export const firstProblemField = (problems: UpdatePasswordProblems): UpdatePasswordField | null => firstOf(updatePasswordFields, problems);
