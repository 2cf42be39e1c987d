export interface LoginFieldErrors {
  email?: 'emailRequired' | 'emailInvalid';
  password?: 'passwordRequired';
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the sign-in form before anything is sent; the codes become translated messages. */
export function validateLogin({ email, password }: { email: string; password: string }): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const trimmed = email.trim();
  if (trimmed === '') errors.email = 'emailRequired';
  else if (!emailPattern.test(trimmed)) errors.email = 'emailInvalid';
  if (password === '') errors.password = 'passwordRequired';
  return errors;
}
