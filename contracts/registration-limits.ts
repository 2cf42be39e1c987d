/**
 * The longest texts of a person's registration, for the SPA's form rules and the server's
 * schemas alike. Plain numbers, no schema library, so the SPA pays only for these.
 */

/** The longest first or last name the portal keeps. */
export const NAME_MAX_LENGTH = 100;
/** The longest company name the portal keeps. */
export const COMPANY_MAX_LENGTH = 200;
/** The longest email address (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** The longest account or invoice number, as for a guest's sign-in. */
export const REFERENCE_MAX_LENGTH = 32;
/** The longest postal code (ZIP+4 with its hyphen, or a postal code of another country). */
export const POSTAL_CODE_MAX_LENGTH = 12;
