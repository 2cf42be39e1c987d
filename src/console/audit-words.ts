/**
 * The audit trail's codes in the reader's words: what was done, and by which role. The trail keeps
 * the codes (the CSV carries them, for the office's own systems); a code this list does not know
 * yet is shown as it is rather than hidden.
 */
import { useLingui } from '@lingui/react/macro';
import { staffRoles, type StaffRole } from '@contracts/console';
import { useRoleName } from './office-messages';

const isStaffRole = (role: string): role is StaffRole => (staffRoles as readonly string[]).includes(role);

export function useAuditWords(): { action: (code: string) => string; role: (code: string) => string; detail: (text: string) => string } {
  const { t } = useLingui();
  const roleName = useRoleName();
  const actions: Record<string, string> = {
    'account.search': t`Searched the patients`,
    'account.statement': t`Downloaded an account's statement`,
    'account.view': t`Opened an account`,
    'apiKey.call': t`Called the API with a key`,
    'apiKey.create': t`Made an API key`,
    'apiKey.refused': t`API call refused for its key`,
    'apiKey.revoke': t`Revoked an API key`,
    'audit.export': t`Downloaded the audit trail`,
    'audit.search': t`Searched the audit trail`,
    'branding.colours': t`Changed the colours`,
    'branding.logo': t`Changed the logo`,
    'branding.logo.remove': t`Removed the logo`,
    'branding.settings': t`Changed the lab's settings`,
    'client.create': t`Added the lab`,
    'import.problems': t`Downloaded an import's problems`,
    'import.view': t`Opened an import's report`,
    'patient.clearLock': t`Cleared a patient's sign-in lock`,
    'patient.endSessions': t`Signed a patient out everywhere`,
    'patient.resendActivation': t`Sent an activation link again`,
    'payment.refund': t`Refunded a payment`,
    'payments.export': t`Downloaded payments`,
    'payments.search': t`Searched the payments`,
    'staff.acceptInvitation': t`Accepted an invitation`,
    'staff.changeRole': t`Changed a staff member's role`,
    'staff.deactivate': t`Deactivated a staff member`,
    'staff.enrol': t`Set up a second factor`,
    'staff.invite': t`Invited a staff member`,
    'staff.password': t`Gave the password to sign in`,
    'staff.secondFactor': t`Tried a second-factor code`,
    'staff.signIn': t`Signed in`,
    'statement.import': t`Imported a statement file`,
    'today.view': t`Opened Today`,
    'webhook.add': t`Added a webhook endpoint`,
    'webhook.disable': t`Disabled a webhook endpoint`,
    'webhook.replay': t`Sent webhook events again`,
    'webhook.rotate': t`Changed a webhook endpoint's secret`,
    'webhook.test': t`Sent a test webhook event`,
  };
  // The codes a detail is made of (how a staff member signed in, why a call was refused); any other word stays as written.
  const details: Record<string, string> = {
    authenticatorApp: t`with the authenticator app`,
    passkey: t`with a passkey`,
    recoveryCode: t`with a recovery code`,
    invalidCredentials: t`wrong password or code`,
    tooManyRequests: t`too many tries`,
    notFound: t`not found`,
    forbidden: t`not allowed for the role`,
  };
  return {
    detail: (text) =>
      text
        .split(' ')
        .map((word) => details[word] ?? word)
        .join(' '),
    action: (code) => actions[code] ?? code,
    role: (code) => (isStaffRole(code) ? roleName(code) : code),
  };
}
