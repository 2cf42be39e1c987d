/** pat.doe's clients as the server lists them, for the machine's and the views' tests. */
import type { UserClient } from './switch-clients.types';

export const sunrise: UserClient = {
  code: 'SUN',
  billingGroup: null,
  name: 'Sunrise Laboratories',
  logoUrl: '/logos/sun.svg',
  accountNumber: 'A-100200',
  isCurrent: true,
};

export const delta52: UserClient = {
  code: 'DLT',
  billingGroup: '52',
  name: 'Delta Diagnostics',
  logoUrl: '/logos/delta.svg',
  accountNumber: 'D-520100',
  isCurrent: false,
};

/** A user with accounts at SUN (current) and DLT 52. */
export const twoClients: UserClient[] = [sunrise, delta52];

/** A user with an account at one client only. */
export const oneClient: UserClient[] = [{ ...sunrise, code: 'NPP', name: 'Northpoint Pathology', logoUrl: '/logos/northpoint.svg', accountNumber: 'N-200100' }];
