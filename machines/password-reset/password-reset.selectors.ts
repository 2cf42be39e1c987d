import type { SnapshotFrom } from 'xstate';
import type { ForgotPasswordMachine } from './forgot-password.machine';
import type { ResetPasswordMachine } from './reset-password.machine';
import { resetPasswordFields, type EmailFieldProblem, type ResetPasswordField, type ResetPasswordProblems } from './password-reset.types';

type ForgotPasswordSnapshot = SnapshotFrom<ForgotPasswordMachine>;
type ResetPasswordSnapshot = SnapshotFrom<ResetPasswordMachine>;

export const selectIsBusy = (snapshot: ForgotPasswordSnapshot | ResetPasswordSnapshot): boolean => snapshot.hasTag('busy');
export const selectFailure = (snapshot: ForgotPasswordSnapshot | ResetPasswordSnapshot) => snapshot.context.failure;
export const selectRefusals = (snapshot: ForgotPasswordSnapshot | ResetPasswordSnapshot): number => snapshot.context.refusals;

export const selectEmail = (snapshot: ForgotPasswordSnapshot): string => snapshot.context.email;

/** The address's problem the form shows, given what the rules find (`ruleProblem`): the server's first, else the rules' once checked. */
export const selectEmailProblem = (snapshot: ForgotPasswordSnapshot, ruleProblem: EmailFieldProblem | null): EmailFieldProblem | null =>
  snapshot.context.serverProblem ?? (snapshot.context.checked ? ruleProblem : null);

/** What the reset page shows: the link being checked, its failure, the form (also while sending), or a link that does not work. */
export type ResetPasswordStatus = 'checking' | 'checkFailed' | 'form' | 'reset' | 'linkInvalid';

export function selectResetStatus(snapshot: ResetPasswordSnapshot): ResetPasswordStatus {
  if (snapshot.matches('linkInvalid')) return 'linkInvalid';
  if (snapshot.matches('checkFailed')) return 'checkFailed';
  if (snapshot.matches('reset')) return 'reset';
  if (snapshot.matches('editing') || snapshot.matches('submitting')) return 'form';
  return 'checking';
}

export const selectResetDraft = (snapshot: ResetPasswordSnapshot) => snapshot.context.draft;
/** The account the link is for. */
export const selectResetEmail = (snapshot: ResetPasswordSnapshot): string => snapshot.context.email;
export const selectIsSubmitting = (snapshot: ResetPasswordSnapshot): boolean => snapshot.matches('submitting');

/** The problems the reset form shows, given the rules' (`ruleProblems`): the server's first, else the rules' of fields checked. */
export function selectResetProblems(snapshot: ResetPasswordSnapshot, ruleProblems: ResetPasswordProblems): ResetPasswordProblems {
  const { serverProblems, checked } = snapshot.context;
  const shown: ResetPasswordProblems = {};
  for (const field of resetPasswordFields) {
    const problem = serverProblems[field] ?? (checked.includes(field) ? ruleProblems[field] : undefined);
    if (problem) shown[field] = problem;
  }
  return shown;
}

/** The first field, in the form's order, with a problem among `problems`. */
export const firstProblemField = (problems: ResetPasswordProblems): ResetPasswordField | null =>
  resetPasswordFields.find((field) => problems[field] !== undefined) ?? null;
