/**
 * The shapes of every request and response that crosses the wire. The SPA checks each response
 * against these at the boundary and the server validates each request body with them, so the two
 * cannot drift apart. Valibot is modular, so the landing bundle pays only for what is used.
 */
import * as v from 'valibot';

export const languages = ['en-US', 'es-ES'] as const;
export const languageSchema = v.picklist(languages);
export type Language = v.InferOutput<typeof languageSchema>;

export const userRoles = ['ClientBillingUser', 'ClientBillingGuest'] as const;
export const userRoleSchema = v.picklist(userRoles);
export type UserRole = v.InferOutput<typeof userRoleSchema>;

/** GET /api/User/GetIsUserLoggedIn; also the answer of a successful login. */
export const loggedInStatusSchema = v.object({
  userRole: v.nullable(userRoleSchema),
  isUserActive: v.boolean(),
  /** The signed-in user's account under this client is disabled (payments and invoices hidden). */
  isAccountDisabled: v.optional(v.boolean()),
});
export type LoggedInStatus = v.InferOutput<typeof loggedInStatusSchema>;

/** A client code is 2 to 4 letters. */
export const clientCodeSchema = v.pipe(v.string(), v.regex(/^[A-Za-z]{2,4}$/));

/** POST /api/userlogin/Login. The client fields say under which client the user signs in. */
export const loginRequestSchema = v.object({
  email: v.pipe(v.string(), v.minLength(1), v.maxLength(254)),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  language: languageSchema,
  clientCode: v.optional(clientCodeSchema),
  billingGroup: v.optional(v.pipe(v.string(), v.maxLength(8))),
});
export type LoginRequest = v.InferOutput<typeof loginRequestSchema>;

/** POST /api/user/Logout. */
export const logoutResponseSchema = v.object({ url: v.string() });
export type LogoutResponse = v.InferOutput<typeof logoutResponseSchema>;

/** One entry of the client list. */
export const clientListEntrySchema = v.object({
  code: v.string(),
  name: v.string(),
  logoUrl: v.nullable(v.string()),
  theme: v.string(),
  billingGroup: v.nullable(v.string()),
});
export type ClientListEntry = v.InferOutput<typeof clientListEntrySchema>;

/** GET /api/Client/GetClientList. */
export const clientListSchema = v.array(clientListEntrySchema);

/** GET /api/Client/GetClient?clientCode=&billingGroup= (404 when the code is unknown). */
export const clientSchema = v.object({
  code: v.string(),
  name: v.string(),
  logoUrl: v.nullable(v.string()),
  theme: v.string(),
  billingGroup: v.nullable(v.string()),
  acceptsOnlinePayments: v.boolean(),
});
export type Client = v.InferOutput<typeof clientSchema>;

/** GET /api/Client/GetClientUrl?clientCode= */
export const clientUrlResponseSchema = v.object({ url: v.string() });

/** GET /api/ClientLinks/GetClientLinks?clientCode=&billingGroup= */
export const clientLinksResponseSchema = v.object({ externalCCLink: v.string() });

/** GET /api/user/DoesClientAcceptPayments?clientCode=&billingGroup= */
export const acceptsPaymentsResponseSchema = v.object({ acceptsPayments: v.boolean() });

/** GET /api/user/GetTranslationLanguage and the body of POST /api/user/UpdateTranslationLanguage. */
export const translationLanguageSchema = v.object({ language: languageSchema });

/** Every error answer of the API: a stable code the SPA translates. */
export const apiErrorCodes = [
  'invalidCredentials',
  'invalidRequest',
  'forbidden',
  'xsrf',
  'notFound',
  'notSignedIn',
  'tooManyRequests',
  'accountDisabled',
  'serverError',
  // Paying (see payment-contracts.ts).
  'cardDeclined',
  'insufficientFunds',
  'idempotencyKeyReused',
  'amountExceedsBalance',
  'invoiceNotOpen',
  'cardTokenInvalid',
  'onlinePaymentsNotAccepted',
] as const;
export const apiErrorSchema = v.object({ error: v.picklist(apiErrorCodes) });
export type ApiErrorCode = v.InferOutput<typeof apiErrorSchema>['error'];

/** GET /api/User/GetUserEmail (signed in only). */
export const userEmailResponseSchema = v.object({ email: v.string() });
export type UserEmailResponse = v.InferOutput<typeof userEmailResponseSchema>;

/** GET /api/User/GetAccountNumber (signed in only). */
export const accountNumberResponseSchema = v.object({ accountNumber: v.string() });
export type AccountNumberResponse = v.InferOutput<typeof accountNumberResponseSchema>;

/** POST /api/userlogin/GuestLogin: a guest signs in with an account number and one of its invoices. */
export const guestLoginRequestSchema = v.object({
  accountNumber: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
  invoiceNumber: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
  language: languageSchema,
  clientCode: v.optional(clientCodeSchema),
  billingGroup: v.optional(v.pipe(v.string(), v.maxLength(8))),
});
export type GuestLoginRequest = v.InferOutput<typeof guestLoginRequestSchema>;

/**
 * GET /api/user/GetShouldDisplayAuthenticationMessage (polled; never extends the session):
 * whether to warn now, and how long the session has left (0 when it has ended).
 */
export const authenticationMessageSchema = v.object({
  display: v.boolean(),
  secondsLeft: v.number(),
});
export type AuthenticationMessage = v.InferOutput<typeof authenticationMessageSchema>;

/** GET /api/user/ExtendAuthentication: the session's new remaining lifetime. */
export const extendAuthenticationSchema = v.object({ secondsLeft: v.number() });

/** GET /api/User/GetClientCode: the client the session is under. */
export const sessionClientSchema = v.object({ clientCode: v.string(), billingGroup: v.nullable(v.string()) });

/** GET /api/User/GetIsPasswordExpired */
export const passwordExpiredSchema = v.object({
  isPasswordExpired: v.boolean(),
  /** Days until the password expires; -1 when it does not expire. */
  daysUntilExpiry: v.number(),
});
