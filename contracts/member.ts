/**
 * The signed-in user's own account: member information (name, company, the accounts per client),
 * signing out on every device, and changing the email address through a link sent to the new
 * one. The server validates the requests with these schemas; the SPA checks the answers with the
 * response schemas and imports only the request types (so the text checks stay out of its bundle).
 */
import * as v from 'valibot';
import { apiErrorCodes } from './errors';
import { optionalText, requiredText, secretText, textIssues } from './text';

/** The longest first or last name, in characters after trimming (as `requiredText` counts them). */
export const NAME_MAX_LENGTH = 100;
/** The longest company name. */
export const COMPANY_MAX_LENGTH = 100;
/** The longest email address (RFC 5321), as sign-in takes it. */
export const EMAIL_MAX_LENGTH = 254;
/** The longest password a form sends, as sign-in takes it. */
export const PASSWORD_INPUT_MAX_LENGTH = 128;

/** One of the user's billing accounts: under which client, and its number. */
export const memberAccountSchema = v.object({
  clientCode: v.string(),
  billingGroup: v.nullable(v.string()),
  /** The client's name; empty where the client has none. */
  clientName: v.string(),
  accountNumber: v.string(),
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

/** POST /api/User/UpdateMemberInformation: a 400 names the fields that do not fit. */
export const memberDetailsRequestSchema = v.object({
  firstName: requiredText(NAME_MAX_LENGTH),
  lastName: requiredText(NAME_MAX_LENGTH),
  company: optionalText(COMPANY_MAX_LENGTH),
});
export type MemberDetailsRequest = v.InferOutput<typeof memberDetailsRequestSchema>;

/**
 * POST /api/User/RequestEmailChange (ClientBillingUser, account not disabled): the new address and
 * the current password. A 400 names the fields to fix: `newEmail` (also when it is the current
 * address), `password` (also when it is not the user's). Otherwise the answer is always the
 * same, whether or not the address belongs to someone else: a link goes to the new address, a
 * notice to the current one, and the address changes only when the link is opened.
 */
export const emailChangeRequestSchema = v.object({
  newEmail: v.pipe(requiredText(EMAIL_MAX_LENGTH), v.email('invalid')),
  password: secretText(PASSWORD_INPUT_MAX_LENGTH),
});
export type EmailChangeRequest = v.InferOutput<typeof emailChangeRequestSchema>;

/** The answer of RequestEmailChange: the address the link went to, as the server stores it. */
export const emailChangeRequestedSchema = v.object({ newEmail: v.string() });
export type EmailChangeRequested = v.InferOutput<typeof emailChangeRequestedSchema>;

/** The shape of the emailed link's token (32 random bytes, base64url). */
export const emailTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /api/User/ConfirmEmailChange (ClientBillingUser, account not disabled): the token of the
 * link. 404 notFound for a link that does not work for this user (unknown, used, expired, of
 * another user, or its address taken meanwhile); the address has then not changed.
 */
export const emailChangeConfirmationSchema = v.object({
  token: v.pipe(v.string('invalid'), v.regex(emailTokenPattern, 'invalid')),
});
export type EmailChangeConfirmation = v.InferOutput<typeof emailChangeConfirmationSchema>;

/** The answer of ConfirmEmailChange: the address the user signs in with from now on. */
export const emailChangedSchema = v.object({ email: v.string() });
export type EmailChanged = v.InferOutput<typeof emailChangedSchema>;

/** An error answer that may name the fields to fix (`{ error, fields }`), for forms that show them. */
export const fieldErrorAnswerSchema = v.object({
  error: v.picklist(apiErrorCodes),
  fields: v.optional(v.record(v.string(), v.picklist(textIssues))),
});

/** POST /api/User/SignOutEverywhere (ClientBillingUser): how many sessions ended, this one included. */
export const signedOutEverywhereSchema = v.object({ endedSessions: v.number() });
export type SignedOutEverywhere = v.InferOutput<typeof signedOutEverywhereSchema>;
