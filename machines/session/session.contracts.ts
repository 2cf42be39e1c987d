/** The roles the server grants; kept here so machines stay free of the app's modules. */
export type UserRole = 'ClientBillingUser' | 'ClientBillingGuest';
