/** Emails compare trimmed and case-insensitively; they are stored in this form. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
