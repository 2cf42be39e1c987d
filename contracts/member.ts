/**
 * The signed-in user's own account: member information (name, company, the accounts per client),
 * signing out on every device, and changing the email address through a link sent to the new
 * one: the answers, which the SPA checks, and the limits. The requests are in `member-requests.ts`,
 * which the SPA imports for types only.
 */
import * as v from 'valibot';

/** The longest first or last name, in characters after trimming (as `requiredText` counts them). */
export const NAME_MAX_LENGTH = 100;
/** The longest company name. */
export const COMPANY_MAX_LENGTH = 100;
/** The longest email address (RFC 5321), as sign-in takes it. */
export const EMAIL_MAX_LENGTH = 254;
/** The longest password a form sends, as sign-in takes it. */
export const PASSWORD_INPUT_MAX_LENGTH = 128;

/** Someone registered for a billing account, as the account's users see them. */
export const registeredUserSchema = v.object({
  name: v.string(),
  email: v.string(),
  /** The day they registered (YYYY-MM-DD, UTC). */
  registeredOn: v.string(),
  /** False while the activation link has not been opened. */
  activated: v.boolean(),
});
export type RegisteredUser = v.InferOutput<typeof registeredUserSchema>;

/**
 * One of the user's billing accounts: under which client, its number, and everyone registered for
 * it (the user included), so that a registration nobody asked for is seen.
 */
export const memberAccountSchema = v.object({
  clientCode: v.string(),
  billingGroup: v.nullable(v.string()),
  /** The client's name; empty where the client has none. */
  clientName: v.string(),
  accountNumber: v.string(),
  registeredUsers: v.array(registeredUserSchema),
});
export type MemberAccount = v.InferOutput<typeof memberAccountSchema>;

/** The name and company, as stored (the answer of an update too). */
export const memberDetailsSchema = v.object({
  firstName: v.string(),
  lastName: v.string(),
  company: v.string(),
});
export type MemberDetails = v.InferOutput<typeof memberDetailsSchema>;

/**
 * GET /api/User/GetMemberInformation (ClientBillingUser): the name and company, and every account
 * the user has, one per client, in the order the user joined them. The email, the session's
 * account number and client come from GetUserEmail, GetAccountNumber and GetClientCode.
 */
export const memberInformationSchema = v.object({
  ...memberDetailsSchema.entries,
  accounts: v.array(memberAccountSchema),
});
export type MemberInformation = v.InferOutput<typeof memberInformationSchema>;

/** The answer of RequestEmailChange: the address the link went to, as the server stores it. */
export const emailChangeRequestedSchema = v.object({ newEmail: v.string() });
export type EmailChangeRequested = v.InferOutput<typeof emailChangeRequestedSchema>;

/** The shape of the emailed link's token (32 random bytes, base64url). */
export const emailTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The answer of ConfirmEmailChange: the address the user signs in with from now on. */
export const emailChangedSchema = v.object({ email: v.string() });
export type EmailChanged = v.InferOutput<typeof emailChangedSchema>;

/** POST /api/User/SignOutEverywhere (ClientBillingUser): how many sessions ended, this one included. */
export const signedOutEverywhereSchema = v.object({ endedSessions: v.number() });
export type SignedOutEverywhere = v.InferOutput<typeof signedOutEverywhereSchema>;
