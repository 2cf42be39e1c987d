export interface LoginFieldErrors {
  email?: 'emailRequired' | 'emailInvalid' | 'emailTooLong';
  password?: 'passwordRequired';
}

const emailPattern = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
/** The longest address the portal takes, as the server does (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** Checks the sign-in form before anything is sent; the codes become translated messages. */
export function validateLogin({ email, password }: { email: string; password: string }): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const trimmed = email.trim();
  if (trimmed === '') errors.email = 'emailRequired';
  else if (trimmed.length > EMAIL_MAX_LENGTH) errors.email = 'emailTooLong';
  else if (!emailPattern.test(trimmed)) errors.email = 'emailInvalid';
  if (password === '') errors.password = 'passwordRequired';
  return errors;
}
