/**
 * The console's endpoints, under /api/console/: staff sign-in with a second factor, setting one
 * up from an invitation, the staff list and the audit trail. They use the staff session's cookie
 * (never a patient's) and the anti-forgery token; the session's client is the only one they read.
 */
import {
  acceptInvitationRequestSchema,
  anyStaff,
  auditListSchema,
  auditQuerySchema,
  authenticatorSetupSchema,
  changeRoleRequestSchema,
  inviteStaffRequestSchema,
  officeAdmins,
  passkeyOptionsSchema,
  passkeyResponseSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  staffIdParamsSchema,
  staffListSchema,
  staffMemberSchema,
  staffExtendedSchema,
  staffSessionSchema,
  staffSignInRequestSchema,
  staffTimeLeftSchema,
} from './console';
import { defineEndpoint } from './endpoint';

export const getStaffSession = defineEndpoint({
  method: 'GET',
  path: '/console/session',
  summary: "Where this browser's staff session stands: none, a second factor owed, a second factor to set up, or signed in",
  access: 'anyone',
  response: staffSessionSchema,
});

export const getStaffSessionTimeLeft = defineEndpoint({
  method: 'GET',
  path: '/console/session/time-left',
  summary: 'Whether to warn that the staff session is ending, and how long it has left (polled by the console)',
  description: 'Polling it never counts as activity, so an idle staff session still ends.',
  access: 'anyone',
  response: staffTimeLeftSchema,
  slidesSession: false,
});

export const extendStaffSession = defineEndpoint({
  method: 'POST',
  path: '/console/session/extend',
  summary: 'Stay signed in: extends the staff session (its idle time counted afresh, never past 12 hours from sign-in) and answers its new remaining lifetime',
  description: '401 notSignedIn once the session has ended.',
  access: { staffRoles: anyStaff, audit: 'session.extend' },
  response: staffExtendedSchema,
});

export const staffSignIn = defineEndpoint({
  method: 'POST',
  path: '/console/sign-in',
  summary: 'The first step of a staff sign-in: email and password, under the page’s client; a second factor follows',
  description: '401 invalidCredentials (the same for an unknown email, a wrong password or deactivated staff); 429 tooManyRequests with Retry-After, as for patients.',
  access: 'anyone',
  json: staffSignInRequestSchema,
  response: staffSessionSchema,
});

export const staffSignInCode = defineEndpoint({
  method: 'POST',
  path: '/console/sign-in/code',
  summary: 'The second factor as a code: six digits from the authenticator app (each good once), or an unused recovery code',
  description: '401 invalidCredentials for a wrong, used or replayed code; 429 tooManyRequests after repeated failures.',
  access: 'anyone',
  json: secondFactorCodeSchema,
  response: staffSessionSchema,
});

export const staffPasskeyOptions = defineEndpoint({
  method: 'POST',
  path: '/console/sign-in/passkey-options',
  summary: 'Starts a passkey sign-in: the WebAuthn options with a fresh challenge',
  access: 'anyone',
  response: passkeyOptionsSchema,
});

export const staffPasskeySignIn = defineEndpoint({
  method: 'POST',
  path: '/console/sign-in/passkey',
  summary: 'The second factor as a passkey: the browser’s answer to the challenge',
  access: 'anyone',
  json: passkeyResponseSchema,
  response: staffSessionSchema,
});

export const staffSignOut = defineEndpoint({
  method: 'POST',
  path: '/console/sign-out',
  summary: 'Ends the staff session',
  access: 'anyone',
  response: staffSessionSchema,
});

export const acceptStaffInvitation = defineEndpoint({
  method: 'POST',
  path: '/console/invitation',
  summary: 'An invited staff member sets a password; a second factor is set up next',
  description: '410 linkInvalid for a used, expired or unknown invitation; 400 with the password’s rules.',
  access: 'anyone',
  json: acceptInvitationRequestSchema,
  response: staffSessionSchema,
});

export const startAuthenticatorSetup = defineEndpoint({
  method: 'POST',
  path: '/console/enrol/authenticator',
  summary: 'Starts setting up an authenticator app: its secret, to scan or type',
  access: 'anyone',
  response: authenticatorSetupSchema,
});

export const confirmAuthenticatorSetup = defineEndpoint({
  method: 'POST',
  path: '/console/enrol/authenticator/confirm',
  summary: 'Finishes setting up the authenticator app with a code from it; answers the ten recovery codes, shown once',
  access: 'anyone',
  json: secondFactorCodeSchema,
  response: recoveryCodesSchema,
});

export const passkeySetupOptions = defineEndpoint({
  method: 'POST',
  path: '/console/enrol/passkey-options',
  summary: 'Starts setting up a passkey: the WebAuthn registration options',
  access: 'anyone',
  response: passkeyOptionsSchema,
});

export const finishPasskeySetup = defineEndpoint({
  method: 'POST',
  path: '/console/enrol/passkey',
  summary: 'Finishes setting up a passkey; answers the ten recovery codes, shown once',
  access: 'anyone',
  json: passkeyResponseSchema,
  response: recoveryCodesSchema,
});

export const listStaff = defineEndpoint({
  method: 'GET',
  path: '/console/staff',
  summary: 'The client’s staff, invited, active and deactivated',
  access: { staffRoles: officeAdmins },
  response: staffListSchema,
});

export const inviteStaff = defineEndpoint({
  method: 'POST',
  path: '/console/staff',
  summary: 'Invites a staff member by email, with a role; the invitation link sets a password',
  description: '409 staffExists when the email is already staff of this client.',
  access: { staffRoles: officeAdmins, audit: 'staff.invite' },
  json: inviteStaffRequestSchema,
  response: staffMemberSchema,
  successStatus: 201,
});

export const changeStaffRole = defineEndpoint({
  method: 'POST',
  path: '/console/staff/{id}/role',
  summary: 'Gives a staff member another role',
  description: '409 lastOfficeAdmin when it would leave the client without an active office admin.',
  access: { staffRoles: officeAdmins, audit: 'staff.changeRole' },
  params: staffIdParamsSchema,
  json: changeRoleRequestSchema,
  response: staffMemberSchema,
});

export const deactivateStaff = defineEndpoint({
  method: 'POST',
  path: '/console/staff/{id}/deactivate',
  summary: 'Deactivates a staff member: their sessions end at once and they can no longer sign in',
  description: '409 lastOfficeAdmin for the client’s last active office admin (oneself included).',
  access: { staffRoles: officeAdmins, audit: 'staff.deactivate' },
  params: staffIdParamsSchema,
  response: staffMemberSchema,
});

export const getAuditTrail = defineEndpoint({
  method: 'GET',
  path: '/console/audit',
  summary: 'The audit trail, newest first: every staff action and API-key call of the client, found by words and dates',
  description: 'Recorded in the audit trail as audit.search, with the search (its rows name patients’ accounts and emails).',
  access: { staffRoles: anyStaff, audit: 'audit.search' },
  query: auditQuerySchema,
  response: auditListSchema,
});

export const getAuditCsv = defineEndpoint({
  method: 'GET',
  path: '/console/audit.csv',
  summary: 'The audit trail as found, as CSV (spreadsheet-safe)',
  access: { staffRoles: anyStaff, audit: 'audit.export' },
  query: auditQuerySchema,
  response: 'csv',
});
