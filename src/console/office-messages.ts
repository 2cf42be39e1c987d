/** The console's messages for the codes its machines keep, in the reader's language. */
import { useLingui } from '@lingui/react/macro';
import type { StaffRole } from '@contracts/console';
import type { StaffEnrolmentFailure } from '@machines/console/staff-enrolment.types';
import type { StaffFieldProblem, StaffSignInFailure, StaffSignInField } from '@machines/console/staff-sign-in.types';

/** A sign-in or set-up step's failure, said above its form. */
export function useOfficeFailureMessage(): (failure: StaffSignInFailure | StaffEnrolmentFailure) => string {
  const { t } = useLingui();
  return (failure) => {
    switch (failure) {
      case 'invalidCredentials':
        return t`The email or password is not right. Check them and try again.`;
      case 'invalidCode':
        return t`That code is not right, or it was used already. Type the code your app shows now, or an unused recovery code.`;
      case 'tooManyRequests':
        return t`Too many tries. Wait a few minutes, then try again.`;
      case 'expired':
        return t`Your sign-in took too long and has ended. Please sign in again.`;
      case 'passkeyFailed':
        return t`The passkey did not answer: it was cancelled, or there is none for this account on this device. Try again, or use a code.`;
      case 'linkInvalid':
        return t`This invitation link does not work any more: it was used, or it expired. Ask an office admin to invite you again.`;
      case 'network':
        return t`We could not reach the portal. Check your connection and try again.`;
      case 'serverError':
        return t`Something went wrong on our side. Nothing was lost: try again in a moment.`;
    }
  };
}

/** A sign-in field's problem, at its field. */
export function useStaffFieldMessage(): (field: StaffSignInField, problem: StaffFieldProblem) => string {
  const { t } = useLingui();
  return (field, problem) => {
    if (problem === 'invalidCharacters') return t`This holds characters that cannot be used, such as tabs or control characters. Type it again.`;
    if (problem === 'required') {
      switch (field) {
        case 'clientCode':
          return t`Enter your lab's code.`;
        case 'email':
          return t`Enter your email.`;
        case 'password':
          return t`Enter your password.`;
        case 'code':
          return t`Enter the code from your app, or a recovery code.`;
      }
    }
    switch (field) {
      case 'clientCode':
        return t`A lab's code is 2 to 4 letters, such as SUN.`;
      case 'email':
        return t`Enter an email address, such as name@lab.example.`;
      case 'password':
        return t`Enter your password.`;
      case 'code':
        return t`A code from the app is 6 digits; a recovery code is 8 letters and digits, such as ABCD-EFGH.`;
    }
  };
}

/** A staff role's name. */
export function useRoleName(): (role: StaffRole) => string {
  const { t } = useLingui();
  return (role) => {
    switch (role) {
      case 'officeAdmin':
        return t`Office admin`;
      case 'billingStaff':
        return t`Billing staff`;
      case 'readOnly':
        return t`Read-only`;
    }
  };
}

/** A console screen's call that failed as a whole: the staff session ended, the network, the server. */
export function useConsoleFailureMessage(): (failure: 'expired' | 'network' | 'serverError') => string {
  const { t } = useLingui();
  return (failure) => {
    switch (failure) {
      case 'expired':
        return t`Your session had ended, so this was not done. Once you are signed in again, try again: what you typed is still here.`;
      case 'network':
        return t`We could not reach the portal. Check your connection and try again.`;
      case 'serverError':
        return t`Something went wrong on our side. Nothing was lost: try again in a moment.`;
    }
  };
}

