/**
 * The registration plan in the browser: the real form under SUN, typed into field by field (the
 * model's Riley typed as the path's own registrant: its own address and its own account and
 * invoice), Create account pressed, and the Register call held until the path says how it ends.
 * What each field shows (its value, its error) and the form's failure are checked at every step
 * against what the model predicts.
 */
import type { registrationMachine } from '@machines/registration/registration.machine';
import { toRegistrationRejection } from '@machines/registration/registration.machine';
import { selectShownErrors } from '@machines/registration/registration.selectors';
import {
  registrationFields,
  type RegistrationContext,
  type RegistrationDraft,
  type RegistrationFailureCode,
  type RegistrationField,
  type RegistrationFieldError,
} from '@machines/registration/registration.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { registrationErrors } from '@/features/registration/registration-rules';
import { clientCode, complete } from '../../model/registration.model';
import { expect } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { fromServer, json, offline, refusal, type Answer } from './call-gate';
import { registrantEmail } from './registrants';

const register = 'userregistration/Register';

const labels: Record<RegistrationField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company (optional)',
  email: 'Email',
  password: 'Password',
  passwordConfirmation: 'Confirm the password',
  clientCode: 'Client code',
  rosterAcct: 'Account number',
  invoice: 'Invoice number',
  postalCode: 'Postal code on your statement',
};

const messages: Record<RegistrationFieldError, string> = {
  required: 'This field is required.',
  tooLong: 'This is too long.',
  invalid: 'This cannot be used as typed. Please check it.',
  invalidEmail: 'Enter an email address like name@example.com.',
  invalidCharacters: 'This contains characters that cannot be used.',
  invalidClientCode: 'Enter the client code: 2 to 4 letters.',
  tooShort: 'Use at least 12 characters.',
  sameAsEmail: 'Choose a password that is not your email address.',
  common: 'This password is too common and easy to guess. Choose another one.',
  mismatch: 'The two passwords are not the same.',
  accountNotFound: 'We could not find an unpaid invoice with that account number, invoice number and postal code for this client code.',
};

const requiredMessages: Partial<Record<RegistrationField, string>> = {
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
  email: 'Enter your email address.',
  password: 'Choose a password.',
  passwordConfirmation: 'Type the password again.',
  clientCode: 'Enter the client code.',
  rosterAcct: 'Enter your account number.',
  invoice: 'Enter your invoice number.',
  postalCode: 'Enter the postal code on your statement.',
};

const failures: Record<RegistrationFailureCode, string> = {
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  network: 'We could not reach the server. Please check your connection and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
};

/** The model's other invoice of the account (typed to settle a refusal of the account and invoice). */
const otherInvoice = 'SUN-100044';

const field = (page: Page, name: RegistrationField) => page.getByLabel(labels[name], { exact: true });
const form = (page: Page) => page.locator('form');

/**
 * What the person types for the model's value: the model's Riley registers the demo guest's
 * account; in the browser each path registers its own address for its own account (the model's
 * other invoice is the account's second one). Anything else is typed as the model has it.
 */
function typedValue(run: PathRun, name: RegistrationField, value: string): string {
  const own = modelPathAccounts.registrant(run.number);
  if (name === 'email' && value === complete.email) return registrantEmail(run, 'new');
  if (name === 'rosterAcct' && value === complete.rosterAcct) return own.accountNumber;
  if (name === 'invoice' && value === complete.invoice) return own.invoices[0]?.invoiceNumber ?? '';
  if (name === 'invoice' && value === otherInvoice) return own.invoices[1]?.invoiceNumber ?? '';
  return value;
}

/** A refusal or failure of Register as the API answers it: arranged, since the form the path sent keeps every rule. */
function failure(event: ModelEvent): Answer {
  const rejection = toRegistrationRejection(event.error);
  switch (rejection.code) {
    case 'refused':
      // One answer whichever of client, account and invoice was wrong; other fields by their reasons.
      if (rejection.fields.rosterAcct === 'accountNotFound') return refusal(400, 'invalidCredentials');
      return json({ error: 'invalidRequest', fields: rejection.fields }, 400);
    case 'tooManyRequests':
      return refusal(429, 'tooManyRequests');
    case 'network':
      return offline;
    case 'serverError':
      return refusal(500, 'serverError');
  }
}

function messageOf(name: RegistrationField, error: RegistrationFieldError): string {
  return error === 'required' ? (requiredMessages[name] ?? messages.required) : messages[error];
}

/**
 * What the path has typed so far, as the model has it. The model's snapshot is the one its graph
 * keeps for every state that serializes alike (by which fields are typed in, not their text), so
 * the text is read from the path's own events.
 */
function typedSoFar(run: PathRun): RegistrationDraft {
  // As the page opened under SUN: empty but for the client code from the address.
  const draft = Object.fromEntries(registrationFields.map((name) => [name, name === 'clientCode' ? clientCode : ''])) as RegistrationDraft;
  for (const event of run.events.slice(0, run.index + 1)) {
    if (event.type === 'form.edit') draft[event.field as RegistrationField] = event.value as string;
  }
  return draft;
}

/** What one field shows: its text, and the error message read with it (none: not marked invalid either). */
interface FieldShown {
  name: string;
  value: string;
  error: string | null;
}

/** Every field of the form as the page shows it now, read at once. */
function fieldsShown(page: Page): Promise<FieldShown[]> {
  return form(page)
    .locator('input')
    .evaluateAll((inputs) =>
      inputs.map((element) => {
        const input = element as HTMLInputElement;
        const errorId = (input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-error'));
        const message = errorId ? (document.getElementById(errorId)?.textContent ?? '') : null;
        const invalid = input.getAttribute('aria-invalid') === 'true';
        // A message without the invalid mark (or the mark without one) shows as a mismatch.
        return { name: input.name, value: input.value, error: invalid ? (message ?? 'marked invalid without a message') : message === null ? null : `not marked invalid: ${message}` };
      }),
    );
}

/** Every field as the model predicts it: what was typed, and its error (the server's, or the rules' once checked) or none. */
async function expectFields(run: PathRun): Promise<void> {
  const snapshot = run.after as SnapshotFrom<typeof registrationMachine>;
  const draft = typedSoFar(run);
  const shown = selectShownErrors(snapshot, registrationErrors(draft));
  // The client code of the address (a provider the portal knows) is not asked, unless the server refused it.
  const asked = registrationFields.filter((name) => name !== 'clientCode' || shown.clientCode !== undefined);
  const expected: FieldShown[] = asked.map((name) => {
    const error = shown[name];
    return { name, value: typedValue(run, name, draft[name]), error: error ? messageOf(name, error) : null };
  });
  await expect.poll(() => fieldsShown(run.page)).toEqual(expected);
}

export const registrationPaths: BrowserPaths = {
  machine: 'registration',
  start: async (run) => {
    run.gate.hold(register);
    await run.page.goto('/SUN/registration');
  },
  steps: {
    'form.edit': (run, event) => {
      const name = event.field as RegistrationField;
      return field(run.page, name).fill(typedValue(run, name, event.value as string));
    },
    'form.leave': async (run, event) => {
      const input = field(run.page, event.field as RegistrationField);
      await input.focus();
      await input.blur();
    },
    // Clicked, which keeps the focus in the field typed last (as the model: no field is left); while
    // sending, pressed by keyboard, as its aria-disabled state keeps the pointer's click from it.
    'form.submit': async (run) => {
      if (run.before.matches('submitting')) {
        await run.page.getByRole('button', { name: 'Creating your account…' }).press('Enter');
        return;
      }
      await run.page.getByRole('button', { name: 'Create account' }).click();
      if (run.after.matches('submitting')) await run.gate.arrived(register);
    },
    'xstate.done.actor.register': (run) => run.gate.answer(register, fromServer),
    'xstate.error.actor.register': (run, event) => run.gate.answer(register, failure(event)),
  },
  screens: {
    'registration.editing': async (run) => {
      const { page } = run;
      await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
      await expect(form(page)).toHaveAttribute('aria-busy', 'false');
      await expectFields(run);
      const { failure: code } = run.after.context as RegistrationContext;
      if (code) await expect(page.getByRole('alert')).toHaveText(failures[code]);
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    'registration.submitting': async (run) => {
      const { page } = run;
      await expect(page.getByRole('button', { name: 'Creating your account…' })).toBeVisible();
      await expect(form(page)).toHaveAttribute('aria-busy', 'true');
      await expectFields(run);
    },
    'registration.sent': async (run) => {
      const { page } = run;
      await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
      await expect(page.locator('strong').filter({ hasText: registrantEmail(run, 'new') })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    },
  },
};
