import type { SnapshotFrom } from 'xstate';
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
export function selectProblems(snapshot: UpdatePasswordSnapshot, ruleProblems: UpdatePasswordProblems): UpdatePasswordProblems {
  const { serverProblems, checked } = snapshot.context;
  const shown: UpdatePasswordProblems = {};
  for (const field of updatePasswordFields) {
    const problem = serverProblems[field] ?? (checked.includes(field) ? ruleProblems[field] : undefined);
    if (problem) shown[field] = problem;
  }
  return shown;
}

/** The first field, in the form's order, with a problem among `problems`. */
export const firstProblemField = (problems: UpdatePasswordProblems): UpdatePasswordField | null =>
  updatePasswordFields.find((field) => problems[field] !== undefined) ?? null;
