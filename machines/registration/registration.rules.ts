/**
 * The registration machine's pure helpers: the request a draft becomes, and which errors a change
 * of a field settles. The field rules themselves (lengths, the password's) are the contracts',
 * checked by the app's `isDraftValid` guard and views, since machines take no values from them.
 */
import type { RegistrationRequest } from '@contracts/registration';
import { registrationFields, type RegistrationDraft, type RegistrationField, type RegistrationFieldError, type RegistrationFieldErrors } from './registration.types';

/** The fields whose server answer is one: the client, account, open invoice and postal code that must belong together. */
const proofFields: readonly RegistrationField[] = ['clientCode', 'rosterAcct', 'invoice', 'postalCode'];

/** The draft as the server takes it: trimmed, the client code upper-cased, the billing group empty. */
export function toRegistrationRequest(draft: RegistrationDraft): RegistrationRequest {
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    company: draft.company.trim(),
    email: draft.email.trim(),
    // A password is sent exactly as typed: spaces may be part of it.
    password: draft.password,
    clientCode: draft.clientCode.trim().toUpperCase(),
    rosterAcct: draft.rosterAcct.trim(),
    invoice: draft.invoice.trim(),
    postalCode: draft.postalCode.trim(),
    billingGroup: '',
  };
}

/**
 * The server's errors that still hold after `field` changed: its own goes, a refused password
 * goes when the email changes too (it may have been "the same as the email"), and "no such
 * account" goes when any of the client, account, invoice or postal code changes.
 */
export function serverErrorsAfterChange(errors: RegistrationFieldErrors, field: RegistrationField): RegistrationFieldErrors {
  const settles = (other: RegistrationField, error: RegistrationFieldError): boolean =>
    other === field ||
    (other === 'password' && field === 'email') ||
    (other === 'rosterAcct' && error === 'accountNotFound' && proofFields.includes(field));
  const kept: RegistrationFieldErrors = {};
  for (const other of registrationFields) {
    const error = errors[other];
    if (error !== undefined && !settles(other, error)) kept[other] = error;
  }
  return kept;
}
