/**
 * What the password forms' browser paths share: the server's answers to a form's call as the
 * path's rejection says, leaving a field as a person does, and the checks of what a field and the
 * form show (the messages in English, as a person reads them).
 */
import type { EmailFieldProblem, PasswordFieldProblem, PasswordFormFailure } from '@machines/password-reset/password-reset.types';
import { toPasswordFormRejection } from '@machines/password-reset/password-form.rules';
import type { Locator, Page } from '@playwright/test';
import type { PasswordFieldRole } from '@/lib/password-form-messages';
import { expect } from '../fixtures';
import type { ModelEvent } from './browser-paths';
import { json, offline, refusal, type Answer } from './call-gate';

/** The messages at a password field, by its problem. */
export function passwordFieldMessage(role: PasswordFieldRole, problem: PasswordFieldProblem): string {
  const required: Record<PasswordFieldRole, string> = {
    current: 'Enter your current password.',
    new: 'Choose a new password.',
    confirmation: 'Type the new password again.',
  };
  const messages: Record<Exclude<PasswordFieldProblem, 'required'>, string> = {
    invalidCharacters: 'This contains characters that cannot be used, such as control characters. Please type it again.',
    tooShort: 'Use at least 12 characters.',
    tooLong: 'The password is too long: at most 128 characters.',
    sameAsEmail: 'Choose a password that is not your email address.',
    common: 'This password is too common and easy to guess. Choose another one.',
    sameAsCurrent: 'This is the password you have now. Choose a new one.',
    incorrect: 'This is not your current password.',
    mismatch: 'The two passwords are not the same.',
    invalid: 'This cannot be used as typed. Please check it.',
  };
  return problem === 'required' ? required[role] : messages[problem];
}

/** The messages at an email field, by its problem. */
export const emailFieldMessages: Record<EmailFieldProblem, string> = {
  required: 'Enter your email address.',
  tooLong: 'The email address is too long: at most 254 characters.',
  invalidCharacters: 'This contains characters that cannot be used, such as control characters. Please type it again.',
  invalidEmail: 'Enter an email address like name@example.com.',
};

/** The messages above a form whose call failed. */
export const failureMessages: Record<PasswordFormFailure, string> = {
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  notSignedIn: 'You are no longer signed in. Please sign in again.',
  network: 'We could not reach the server. Please check your connection and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
};

/** The HTTP status the API answers each failure code with. */
const failureStatus: Record<string, number> = { tooManyRequests: 429, notSignedIn: 401, linkInvalid: 410, serverError: 500 };

/**
 * A form's call failing as the path's rejection says, in the API's shape: fields refused (400
 * invalidRequest naming them), a link that no longer works (410), asked too often (429), signed
 * out (401), the server failing (500), or the network down.
 */
export function rejectionAnswer(event: ModelEvent): Answer {
  const rejection = toPasswordFormRejection<string>(event.error);
  if (rejection.code === 'refused') return json({ error: 'invalidRequest', fields: rejection.fields }, 400);
  if (rejection.code === 'network') return offline;
  return refusal(failureStatus[rejection.code] ?? 500, rejection.code);
}

/** Leaves a field as a person does: into it, then Tab on to what follows. */
export async function leaveField(page: Page, field: Locator): Promise<void> {
  await field.focus();
  await page.keyboard.press('Tab');
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field shows this value and this message (read with it by a screen reader), or no message and is not marked invalid. */
export async function expectField(field: Locator, value: string, message: string | null): Promise<void> {
  await expect(field).toHaveValue(value);
  if (message === null) {
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  } else {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(escaped(message)));
  }
}

/** The form's failure above it, or none. */
export async function expectFailure(page: Page, failure: PasswordFormFailure | null): Promise<void> {
  const anyFailure = new RegExp(Object.values(failureMessages).map(escaped).join('|'));
  const alert = page.getByRole('alert').filter({ hasText: failure === null ? anyFailure : failureMessages[failure] });
  if (failure === null) await expect(alert).toHaveCount(0);
  else await expect(alert).toBeVisible();
}
