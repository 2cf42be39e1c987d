export interface GuestLoginFieldErrors {
  accountNumber?: 'accountNumberRequired';
  invoiceNumber?: 'invoiceNumberRequired';
}

/** Checks the guest form before anything is sent; the codes become translated messages. */
export function validateGuestLogin({ accountNumber, invoiceNumber }: { accountNumber: string; invoiceNumber: string }): GuestLoginFieldErrors {
  const errors: GuestLoginFieldErrors = {};
  if (accountNumber.trim() === '') errors.accountNumber = 'accountNumberRequired';
  if (invoiceNumber.trim() === '') errors.invoiceNumber = 'invoiceNumberRequired';
  return errors;
}
