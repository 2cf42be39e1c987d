/**
 * The session's wire shapes: who is signed in, signing in and out, the session's expiry, and the
 * signed-in user's language and account. The SPA checks each response against these at the
 * boundary and the server validates each request body with them, so the two cannot drift apart.
 * Valibot is modular, so the landing bundle pays only for what is used.
 */
import * as v from 'valibot';

export const languages = ['en-US', 'es-ES'] as const;
export const languageSchema = v.picklist(languages);
export type Language = v.InferOutput<typeof languageSchema>;
/** The language the portal speaks before anyone chooses. */
export const defaultLanguage: Language = 'en-US';
/** A language the portal speaks. */
export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}

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

/** POST /api/user/Logout. */
export const logoutResponseSchema = v.object({ url: v.string() });
export type LogoutResponse = v.InferOutput<typeof logoutResponseSchema>;

/** GET /api/user/GetTranslationLanguage and the body of POST /api/user/UpdateTranslationLanguage. */
export const translationLanguageSchema = v.object({ language: languageSchema });

/** GET /api/User/GetUserEmail (signed in only). */
export const userEmailResponseSchema = v.object({ email: v.string() });
export type UserEmailResponse = v.InferOutput<typeof userEmailResponseSchema>;

/** GET /api/User/GetAccountNumber (signed in only). */
export const accountNumberResponseSchema = v.object({ accountNumber: v.string() });
export type AccountNumberResponse = v.InferOutput<typeof accountNumberResponseSchema>;

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
export type ExtendAuthentication = v.InferOutput<typeof extendAuthenticationSchema>;

/** GET /api/User/GetClientCode: the client the session is under. */
export const sessionClientSchema = v.object({ clientCode: v.string(), billingGroup: v.nullable(v.string()) });

/** GET /api/User/GetIsPasswordExpired */
export const passwordExpiredSchema = v.object({
  isPasswordExpired: v.boolean(),
  /** Days until the password expires; -1 when it does not expire. */
  daysUntilExpiry: v.number(),
});
