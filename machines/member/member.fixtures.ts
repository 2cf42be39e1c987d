/** A loaded member information page, for the machine's tests and its model. */
import type { MemberProfile } from './member.types';

/** pat.doe, signed in under SUN. */
export const profile: MemberProfile = {
  firstName: 'Pat',
  lastName: 'Doe',
  company: '',
  email: 'pat.doe@example.com',
  accountNumber: 'A-100200',
  clientCode: 'SUN',
  billingGroup: null,
  accounts: [
    {
      clientCode: 'SUN',
      billingGroup: null,
      clientName: 'Sunrise Laboratories',
      accountNumber: 'A-100200',
      registeredUsers: [{ name: 'Pat Doe', email: 'pat.doe@example.com', registeredOn: '2026-01-05', activated: true }],
    },
    {
      clientCode: 'DLT',
      billingGroup: '52',
      clientName: 'Delta Diagnostics',
      accountNumber: 'D-520100',
      registeredUsers: [{ name: 'Pat Doe', email: 'pat.doe@example.com', registeredOn: '2026-01-05', activated: true }],
    },
  ],
};
