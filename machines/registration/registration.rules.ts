/**
 * The registration machine's pure helpers: the request a draft becomes, and which errors a change
 * of a field settles (the form's shared `recordEdit` asks). The field rules themselves (lengths, the password's) are the contracts',
 * checked by the app's `isDraftValid` guard and views, since machines take no values from them.
 */
import type { RegistrationRequest } from '@contracts/registration';
import type { RegistrationDraft, RegistrationField, RegistrationFieldError } from './registration.types';

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
 * Which of the server's errors a change of `edited` settles besides its own: a refused password
 * when the email changes (it may have been "the same as the email"), and "no such account" when
 * any of the client, account, invoice or postal code changes.
 */
export const settlesOnRegistration = (edited: RegistrationField, other: RegistrationField, error: RegistrationFieldError): boolean =>
  (other === 'password' && edited === 'email') || (other === 'rosterAcct' && error === 'accountNotFound' && proofFields.includes(edited));
