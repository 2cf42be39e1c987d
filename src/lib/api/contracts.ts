/**
 * The shapes of every request and response that crosses the wire. The SPA checks each response
 * against these at the boundary and the server validates each request body with them, so the two
 * cannot drift apart. `zod/mini` keeps the cost in the landing bundle small.
 */
import * as z from 'zod/mini';

export const languages = ['en-US', 'es-ES'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const userRoles = ['ClientBillingUser', 'ClientBillingGuest'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/** GET /api/User/GetIsUserLoggedIn; also the answer of a successful login. */
export const loggedInStatusSchema = z.object({
  userRole: z.nullable(userRoleSchema),
  isUserActive: z.boolean(),
});
export type LoggedInStatus = z.infer<typeof loggedInStatusSchema>;

/** A client code is 2 to 4 letters. */
export const clientCodeSchema = z.string().check(z.regex(/^[A-Za-z]{2,4}$/));

/** POST /api/userlogin/Login. The client fields say under which client the user signs in. */
export const loginRequestSchema = z.object({
  email: z.string().check(z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(128)),
  language: languageSchema,
  clientCode: z.optional(clientCodeSchema),
  billingGroup: z.optional(z.string().check(z.maxLength(8))),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/user/Logout. */
export const logoutResponseSchema = z.object({ url: z.string() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** One entry of the client list. */
export const clientListEntrySchema = z.object({
  code: z.string(),
  name: z.string(),
  logoUrl: z.nullable(z.string()),
  theme: z.string(),
  billingGroup: z.nullable(z.string()),
});
export type ClientListEntry = z.infer<typeof clientListEntrySchema>;

/** GET /api/Client/GetClientList. */
export const clientListSchema = z.array(clientListEntrySchema);

/** GET /api/Client/GetClient?clientCode=&billingGroup= (404 when the code is unknown). */
export const clientSchema = z.object({
  code: z.string(),
  name: z.string(),
  logoUrl: z.nullable(z.string()),
  theme: z.string(),
  billingGroup: z.nullable(z.string()),
  acceptsOnlinePayments: z.boolean(),
});
export type Client = z.infer<typeof clientSchema>;

/** GET /api/Client/GetClientUrl?clientCode= */
export const clientUrlResponseSchema = z.object({ url: z.string() });

/** GET /api/ClientLinks/GetClientLinks?clientCode=&billingGroup= */
export const clientLinksResponseSchema = z.object({ externalCCLink: z.string() });

/** GET /api/user/DoesClientAcceptPayments?clientCode=&billingGroup= */
export const acceptsPaymentsResponseSchema = z.object({ acceptsPayments: z.boolean() });

/** GET /api/user/GetTranslationLanguage and the body of POST /api/user/UpdateTranslationLanguage. */
export const translationLanguageSchema = z.object({ language: languageSchema });

/** Every error answer of the API: a stable code the SPA translates. */
export const apiErrorCodes = [
  'invalidCredentials',
  'invalidRequest',
  'forbidden',
  'xsrf',
  'notFound',
  'notSignedIn',
  'tooManyRequests',
  'serverError',
] as const;
export const apiErrorSchema = z.object({ error: z.enum(apiErrorCodes) });
export type ApiErrorCode = z.infer<typeof apiErrorSchema>['error'];

/** GET /api/User/GetUserEmail (signed in only). */
export const userEmailResponseSchema = z.object({ email: z.string() });
export type UserEmailResponse = z.infer<typeof userEmailResponseSchema>;

/** GET /api/User/GetAccountNumber (signed in only). */
export const accountNumberResponseSchema = z.object({ accountNumber: z.string() });
export type AccountNumberResponse = z.infer<typeof accountNumberResponseSchema>;
