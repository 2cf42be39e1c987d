/**
 * The billing office's console (under /{client}/office/ in the SPA, /api/console/ on the server):
 * its staff, how they sign in with a second factor, and the audit trail. A staff member belongs
 * to one client and holds one role; the staff session's client is the only one the console reads.
 */
import * as v from 'valibot';
import { clientCodeSchema } from './clients';
import { requiredText, secretText } from './text';

/** The roles, from the most to the least: office admin (everything), billing staff, read-only. */
export const staffRoles = ['officeAdmin', 'billingStaff', 'readOnly'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleSchema = v.picklist(staffRoles);

/** Who may do what: reading is everyone's; patients, payments, refunds and imports are billing's; the rest is the admin's. */
export const anyStaff = staffRoles;
export const billingStaff = ['officeAdmin', 'billingStaff'] as const satisfies readonly StaffRole[];
export const officeAdmins = ['officeAdmin'] as const satisfies readonly StaffRole[];

/** A password as typed (the rules are the patients': at least 12 characters, not common, not the email). */
const typedPassword = secretText(512);

/** The token of an emailed invitation link (43 base64url characters). */
export const invitationTokenSchema = v.pipe(v.string('invalid'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid'));

/** An email address as staff type it. */
export const staffEmailSchema = v.pipe(requiredText(254), v.email('invalid'));

/** POST /api/console/sign-in: the first step, the password, under the page's client. */
export const staffSignInRequestSchema = v.object({
  clientCode: clientCodeSchema,
  email: requiredText(254),
  password: typedPassword,
});
export type StaffSignInRequest = v.InferOutput<typeof staffSignInRequestSchema>;

/** The second factors a staff member has set up. */
export const secondFactorsSchema = v.object({ passkey: v.boolean(), authenticatorApp: v.boolean() });
export type SecondFactors = v.InferOutput<typeof secondFactorsSchema>;

/**
 * Where a staff session stands: signed out; the password given and a second factor owed (with the
 * ones set up); an invitation opened and a second factor to set up; or signed in.
 */
export const staffSessionSchema = v.variant('stage', [
  v.object({ stage: v.literal('none') }),
  v.object({ stage: v.literal('secondFactor'), factors: secondFactorsSchema }),
  v.object({ stage: v.literal('enrol'), email: v.string() }),
  v.object({
    stage: v.literal('signedIn'),
    email: v.string(),
    role: staffRoleSchema,
    clientCode: v.string(),
    clientName: v.string(),
    /** Seconds until the session ends if nothing more is done (15 minutes idle). */
    idleSeconds: v.number(),
  }),
]);
export type StaffSession = v.InferOutput<typeof staffSessionSchema>;

/** A code typed for the second factor: six digits from the app, or a recovery code (`XXXX-XXXX`). */
export const secondFactorCodeSchema = v.object({ code: requiredText(32) });
export type SecondFactorCode = v.InferOutput<typeof secondFactorCodeSchema>;

/** A passkey ceremony's answer from the browser (checked by the WebAuthn library, not here). */
export const passkeyResponseSchema = v.object({ response: v.record(v.string(), v.unknown()) });
export type PasskeyResponse = v.InferOutput<typeof passkeyResponseSchema>;

/** The options the browser's passkey ceremony starts with (WebAuthn's, as JSON). */
export const passkeyOptionsSchema = v.record(v.string(), v.unknown());

/** POST /api/console/invitation: an invited staff member sets a password. */
export const acceptInvitationRequestSchema = v.object({ token: invitationTokenSchema, password: typedPassword });
export type AcceptInvitationRequest = v.InferOutput<typeof acceptInvitationRequestSchema>;

/** An authenticator app's secret being set up: the key to type, and the link a phone opens. */
export const authenticatorSetupSchema = v.object({ secret: v.string(), uri: v.string() });
export type AuthenticatorSetup = v.InferOutput<typeof authenticatorSetupSchema>;

/** The ten recovery codes, shown once when the second factor is set up. */
export const recoveryCodesSchema = v.object({ recoveryCodes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof recoveryCodesSchema>;

/** How many recovery codes a staff member gets. */
export const RECOVERY_CODE_COUNT = 10;
/** Staff sessions end after this much idle time, like patients'. */
export const STAFF_IDLE_SECONDS = 15 * 60;
/**
 * The console warns when this much of the session is left, the patients' lead (2 minutes): with a
 * poll every 10 seconds the warning comes with at least 110 seconds left, ample time (WCAG 2.2.1
 * asks for 20) to read it with a screen reader and answer, even for someone coming back to the desk.
 */
export const STAFF_WARNING_SECONDS = 2 * 60;

/**
 * GET /api/console/session/time-left (polled; never extends the session): whether to warn now, and
 * how long the staff session has left (0 when it has ended, or there is none).
 */
export const staffTimeLeftSchema = v.object({ display: v.boolean(), secondsLeft: v.number() });
export type StaffTimeLeft = v.InferOutput<typeof staffTimeLeftSchema>;

/** POST /api/console/session/extend: the staff session's new remaining lifetime. */
export const staffExtendedSchema = v.object({ secondsLeft: v.number() });
export type StaffExtended = v.InferOutput<typeof staffExtendedSchema>;

// The staff list (office admins).

export const staffMemberSchema = v.object({
  id: v.number(),
  email: v.string(),
  role: staffRoleSchema,
  status: v.picklist(['invited', 'active', 'deactivated']),
  secondFactor: v.boolean(),
  createdAt: v.string(),
});
export type StaffMember = v.InferOutput<typeof staffMemberSchema>;
export const staffListSchema = v.object({ staff: v.array(staffMemberSchema) });

export const inviteStaffRequestSchema = v.object({ email: staffEmailSchema, role: staffRoleSchema });
export type InviteStaffRequest = v.InferOutput<typeof inviteStaffRequestSchema>;

export const staffIdParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.transform(Number)) });
export const changeRoleRequestSchema = v.object({ role: staffRoleSchema });

// The audit trail.

// Its query lives in console-search.ts, which the console's Audit trail route reads too.
export { auditQuerySchema, type AuditQuery } from './console-search';

export const auditEventSchema = v.object({
  id: v.number(),
  occurredAt: v.string(),
  actorKind: v.picklist(['staff', 'apiKey', 'operator']),
  actor: v.string(),
  role: v.string(),
  action: v.string(),
  accountNumber: v.nullable(v.string()),
  target: v.string(),
  outcome: v.picklist(['ok', 'refused', 'failed']),
  detail: v.string(),
  ipAddress: v.string(),
});
export type AuditEvent = v.InferOutput<typeof auditEventSchema>;
export const auditListSchema = v.object({ events: v.array(auditEventSchema), more: v.boolean() });

/** How many audit rows one page of the trail shows (the CSV has them all). */
export const AUDIT_PAGE_SIZE = 200;

/**
 * A recovery code as compared: `ABCD-EFGH` typed with or without its dash, spaces or case, and the
 * digits 0, 1 and 8 read as the letters they are mistaken for (the codes' alphabet, A-Z and 2-7,
 * has none of those digits).
 */
export const recoveryCodeShape = (code: string): string =>
  code
    .replace(/[\s-]/g, '')
    .toUpperCase()
    .replace(/0/g, 'O')
    .replace(/1/g, 'I')
    .replace(/8/g, 'B');
