/** The member pages' messages for the codes the machines keep, in the reader's language. */
import { useLingui } from '@lingui/react/macro';
import type { EmailChangeFailureCode, EmailChangeField, EmailChangeFieldProblem } from '@machines/email-change/email-change.types';
import type { MemberFailureCode, MemberField, MemberFieldProblem } from '@machines/member/member.types';

/** The messages of a failed call, whatever the page. */
export function useFailureMessages(): Record<MemberFailureCode | EmailChangeFailureCode, string> {
  const { t } = useLingui();
  return {
    network: t`We could not reach the server. Please check your connection and try again.`,
    serverError: t`Something went wrong on our side. Please try again.`,
    notSignedIn: t`You are no longer signed in. Please sign in again.`,
    tooManyRequests: t`Too many attempts. Please wait a few minutes and try again.`,
    accountDisabled: t`This account is disabled, so its email address cannot be changed here. Please contact us.`,
  };
}

/** The message of a name or company problem, at its field. */
export function useMemberFieldMessage(): (field: MemberField, problem: MemberFieldProblem) => string {
  const { t } = useLingui();
  return (field, problem) => {
    if (problem === 'required') return field === 'lastName' ? t`Enter your last name.` : t`Enter your first name.`;
    if (problem === 'tooLong') return t`This is too long: at most 100 characters.`;
    if (problem === 'invalidCharacters') return t`This contains characters that cannot be used, such as control characters. Please type it again.`;
    return t`This cannot be used as typed. Please check it.`;
  };
}

/** The message of a new address or password problem, at its field. */
export function useEmailChangeFieldMessage(): (field: EmailChangeField, problem: EmailChangeFieldProblem) => string {
  const { t } = useLingui();
  return (field, problem) => {
    if (field === 'password') {
      if (problem === 'required') return t`Enter your current password.`;
      if (problem === 'wrongPassword') return t`This is not your current password.`;
      if (problem === 'tooLong') return t`The password is too long: at most 128 characters.`;
      return t`This contains characters that cannot be used, such as control characters. Please type it again.`;
    }
    if (problem === 'required') return t`Enter the new email address.`;
    if (problem === 'tooLong') return t`The email address is too long: at most 254 characters.`;
    if (problem === 'sameAsCurrent') return t`This is already your email address. Enter the new one.`;
    if (problem === 'invalidCharacters') return t`This contains characters that cannot be used, such as control characters. Please type it again.`;
    return t`Enter an email address like name@example.com.`;
  };
}
