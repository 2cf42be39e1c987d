import type { SnapshotFrom } from 'xstate';
import { firstProblemField as firstOf, shownProblems } from '../form/form.rules';
import type { ForgotPasswordMachine } from './forgot-password.machine';
import type { ResetPasswordMachine } from './reset-password.machine';
import { forgotPasswordFields, resetPasswordFields, type EmailFieldProblem, type ResetPasswordField, type ResetPasswordProblems } from './password-reset.types';

type ForgotPasswordSnapshot = SnapshotFrom<ForgotPasswordMachine>;
type ResetPasswordSnapshot = SnapshotFrom<ResetPasswordMachine>;

export const selectIsBusy = (snapshot: ForgotPasswordSnapshot | ResetPasswordSnapshot): boolean => snapshot.hasTag('busy');
export const selectFailure = (snapshot: ForgotPasswordSnapshot | ResetPasswordSnapshot) => snapshot.context.failure;
export const selectRefusals = (snapshot: ForgotPasswordSnapshot | ResetPasswordSnapshot): number => snapshot.context.refusals;

export const selectEmail = (snapshot: ForgotPasswordSnapshot): string => snapshot.context.draft.email;

/** The address's problem the form shows, given what the rules find (`ruleProblem`): the server's first, else the rules' once checked. */
export const selectEmailProblem = (snapshot: ForgotPasswordSnapshot, ruleProblem: EmailFieldProblem | null): EmailFieldProblem | null =>
  shownProblems(snapshot.context, forgotPasswordFields, ruleProblem === null ? {} : { email: ruleProblem }).email ?? null;

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
export const selectResetProblems = (snapshot: ResetPasswordSnapshot, ruleProblems: ResetPasswordProblems): ResetPasswordProblems =>
  shownProblems(snapshot.context, resetPasswordFields, ruleProblems);

/** The first field, in the form's order, with a problem among `problems`. */
export const firstProblemField = (problems: ResetPasswordProblems): ResetPasswordField | null => firstOf(resetPasswordFields, problems);
