/**
 * The demo data (the README lists it). The fixed entries are relied on by tests; the rest fill
 * the list to about 55 entries, deterministically.
 */
import { fileURLToPath } from 'node:url';
import type { clients } from '../db/schema';

export type NewClient = typeof clients.$inferInsert;

export const DEMO_PASSWORD = 'Sunrise#Demo2026';

/** A client's other ways to pay (GetPaymentOptions): by cheque in the mail and by phone. */
function otherWaysToPay(
  payableTo: string,
  addressLines: string[],
  phoneNumber: string,
  /** Opening hours as `<first day>-<last day> <opens>-<closes> <IANA time zone>`, days 1 (Monday) to 7. */
  phoneHours: string,
): Pick<NewClient, 'mailPayableTo' | 'mailAddressLines' | 'phoneNumber' | 'phoneHours'> {
  return { mailPayableTo: payableTo, mailAddressLines: addressLines, phoneNumber, phoneHours };
}

export const fixedClients: NewClient[] = [
  {
    code: 'SUN',
    name: 'Sunrise Laboratories',
    theme: 'sunrise',
    logoUrl: '/logos/sun.svg',
    clientUrl: 'https://www.sunriselabs.example/',
    patientAppUrl: 'https://app.sunriselabs.example/',
    acceptsOnlinePayments: true,
    ...otherWaysToPay(
      'Sunrise Laboratories',
      ['Attn: Patient Billing', 'PO Box 4120', 'Springfield, IL 62704'],
      '1-800-555-0142',
      '1-5 08:00-18:00 America/Chicago',
    ),
  },
  ...(['52', '48', 'it'] as const).map(
    (billingGroup): NewClient => ({
      code: 'DLT',
      billingGroup,
      isPrimary: billingGroup === '52',
      name: 'Delta Diagnostics',
      theme: 'delta',
      logoUrl: '/logos/delta.svg',
      clientUrl: 'https://www.deltadiagnostics.example/',
      acceptsOnlinePayments: true,
      ...otherWaysToPay(
        'Delta Diagnostics',
        [`Billing group ${billingGroup}`, '2200 Delta Parkway, Suite 300', 'Columbus, OH 43215'],
        '1-888-555-0175',
        '1-5 09:00-17:00 America/New_York',
      ),
    }),
  ),
  {
    code: 'NPP',
    name: 'Northpoint Pathology',
    theme: 'northpoint',
    logoUrl: '/logos/northpoint.svg',
    clientUrl: 'https://www.northpointpathology.example/',
    acceptsOnlinePayments: false,
    ...otherWaysToPay(
      'Northpoint Pathology',
      ['Patient Accounts', '85 North Point Road', 'Duluth, MN 55802'],
      '1-877-555-0190',
      '1-4 08:30-16:30 America/Chicago',
    ),
  },
  {
    code: 'HBR',
    name: 'Harbor Imaging',
    theme: 'harbor',
    logoUrl: '/logos/harbor.svg',
    clientUrl: 'https://www.harborimaging.example/',
    acceptsOnlinePayments: true,
    externalCcLink: 'https://payments.example.org/harbor',
    ...otherWaysToPay(
      'Harbor Imaging LLC',
      ['Billing Office', '12 Harbor View Drive', 'Portland, ME 04101'],
      '1-866-555-0123',
      '1-5 08:00-20:00 America/New_York',
    ),
  },
  {
    code: 'ZZ',
    name: '',
    theme: 'default',
    logoUrl: null,
    clientUrl: 'https://www.zz.example/',
    acceptsOnlinePayments: true,
  },
];

/** Code and name of the generated entries; an empty name is deliberate (the spec has some). */
const generatedNames: ReadonlyArray<readonly [code: string, name: string]> = [
  ['ACL', 'Acme Clinical Laboratories'],
  ['ALP', 'Alpine Pathology Group'],
  ['AMB', 'Amberline Diagnostics'],
  ['APEX', 'Apex Reference Laboratory'],
  ['ASH', 'Ashford Medical Labs'],
  ['BAY', 'Bayview Clinical Reference'],
  ['BLU', 'Bluewater Radiology'],
  ['BRK', 'Brookside Laboratories'],
  ['CDR', 'Cedar Ridge Diagnostics'],
  ['CLR', 'Clearwater Pathology'],
  ['CORE', 'Core Medical Testing'],
  ['CST', 'Coastal Imaging Partners'],
  ['CVL', 'Crestview Laboratories'],
  ['EAG', 'Eagle Peak Diagnostics'],
  ['ELM', 'Elmwood Clinical Labs'],
  ['EVG', 'Evergreen Pathology'],
  ['FAL', 'Falcon Diagnostic Services'],
  ['FRN', 'Fernhill Laboratories'],
  ['GLD', 'Goldfield Reference Lab'],
  ['GRN', 'Greenway Diagnostics'],
  ['HLD', 'Highland Pathology'],
  ['HRZ', 'Horizon Medical Imaging'],
  ['IRS', 'Iris Laboratory Services'],
  ['JAD', 'Jade Valley Diagnostics'],
  ['KEY', 'Keystone Clinical Labs'],
  ['KL', ''],
  ['LAK', 'Lakeshore Pathology'],
  ['LBR', 'Liberty Diagnostics'],
  ['MAP', 'Maplewood Laboratories'],
  ['MDW', 'Meadowbrook Imaging'],
  ['MEDX', ''],
  ['MTN', 'Mountainview Clinical Lab'],
  ['NOV', 'Nova Diagnostics'],
  ['OAK', 'Oakridge Pathology'],
  ['OCN', 'Ocean Crest Laboratories'],
  ['PIN', 'Pinecrest Diagnostics'],
  ['PRA', 'Prairie Clinical Labs'],
  ['QX', ''],
  ['RDG', 'Redgate Diagnostics'],
  ['RVR', 'Riverbend Pathology'],
  ['SLV', 'Silverline Imaging'],
  ['SMT', 'Summit Diagnostics'],
  ['SPR', 'Springfield Reference Lab'],
  ['TID', 'Tidewater Laboratories'],
  ['TLB', ''],
  ['VAL', 'Valley Medical Labs'],
  ['WLW', 'Willow Creek Diagnostics'],
  ['WST', 'Westgate Pathology'],
];

const themes = ['default', 'sunrise', 'delta', 'northpoint', 'harbor'] as const;

/** The generated entries: themes in turn, no logo, every ninth without online payments. */
export const generatedClients: NewClient[] = generatedNames.map(([code, name], index) => {
  const slug = name ? name.toLowerCase().replace(/[^a-z0-9]/g, '') : code.toLowerCase();
  return {
    code,
    name,
    theme: themes[index % themes.length] ?? 'default',
    logoUrl: null,
    clientUrl: `https://www.${slug}.example/`,
    acceptsOnlinePayments: index % 9 !== 4,
  };
});

export interface DemoMembership {
  clientCode: string;
  billingGroup?: string;
  accountNumber: string;
  accountDisabled?: boolean;
}

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  /** In the order the user joined them: the first is where a sign-in without a client lands. */
  memberships: DemoMembership[];
  /** The billing office marked the password for change: the user is sent to change it first. */
  passwordChangeRequired?: boolean;
}

export const demoUsers: DemoUser[] = [
  {
    email: 'pat.doe@example.com',
    firstName: 'Pat',
    lastName: 'Doe',
    memberships: [
      { clientCode: 'SUN', accountNumber: 'A-100200' },
      { clientCode: 'DLT', billingGroup: '52', accountNumber: 'D-520100' },
    ],
  },
  {
    email: 'disabled.doe@example.com',
    firstName: 'Dana',
    lastName: 'Doe',
    memberships: [{ clientCode: 'SUN', accountNumber: 'A-100300', accountDisabled: true }],
  },
  {
    email: 'north.doe@example.com',
    firstName: 'Noor',
    lastName: 'Doe',
    memberships: [{ clientCode: 'NPP', accountNumber: 'N-200100' }],
  },
  {
    email: 'harbor.doe@example.com',
    firstName: 'Harper',
    lastName: 'Doe',
    memberships: [{ clientCode: 'HBR', accountNumber: 'H-300100' }],
  },
  {
    email: 'expired.doe@example.com',
    firstName: 'Emery',
    lastName: 'Doe',
    memberships: [{ clientCode: 'SUN', accountNumber: 'A-100400' }],
    passwordChangeRequired: true,
  },
];

/** The guarantor's postal code of every demo account (on the statement, not the invoice stub): registering asks for it. */
export const DEMO_POSTAL_CODE = '62704';

/**
 * The demo accounts and invoices, line by line: one statement file per client in ./statements,
 * loaded at first start through the statement import, as a billing office's file would be. pat.doe's
 * SUN account has three open invoices (one partly paid) and one paid (both through the demo
 * payment); the SUN guest account A-778899 has two open ones, SUN-100042 being the one the demo
 * guest signs in with; NPP-200018's charges exceed its good-faith estimate by more than $400.
 */
export const demoStatementFiles: readonly { clientCode: string; billingGroup?: string; file: string }[] = [
  { clientCode: 'SUN', file: 'SUN.csv' },
  { clientCode: 'DLT', billingGroup: '52', file: 'DLT-52.csv' },
  { clientCode: 'NPP', file: 'NPP.csv' },
  { clientCode: 'HBR', file: 'HBR.csv' },
];

export const demoStatementsFolder = fileURLToPath(new URL('./statements', import.meta.url));

/** A payment made in the portal before the demo starts: what it paid on each invoice (the invoices' balances are already what it left). */
export interface PastPaymentSeed {
  confirmationNumber: string;
  /** ISO 8601 instant. */
  paidAt: string;
  payerName: string;
  email: string;
  lines: { invoiceNumber: string; amountCents: number }[];
}

export interface DemoPayment extends PastPaymentSeed {
  clientCode: string;
  accountNumber: string;
}

/** pat.doe's payment at SUN: SUN-100012 in full and part of SUN-100035, so a paid invoice has its receipt. */
export const demoPayments: DemoPayment[] = [
  {
    clientCode: 'SUN',
    accountNumber: 'A-100200',
    confirmationNumber: 'P-PATDEMOAAA',
    paidAt: '2026-02-06T14:30:00Z',
    payerName: 'Pat Doe',
    email: 'pat.doe@example.com',
    lines: [
      { invoiceNumber: 'SUN-100012', amountCents: 3900 },
      { invoiceNumber: 'SUN-100035', amountCents: 5000 },
    ],
  },
];

/**
 * The demo's billing office staff: each signs in with DEMO_PASSWORD and a code from an
 * authenticator app set up with DEMO_TOTP_SECRET (any TOTP app takes it typed in). A code is good
 * once, so the tests give each of their own staff members a fresh invitation instead.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface DemoStaff {
  clientCode: string;
  email: string;
  role: 'officeAdmin' | 'billingStaff' | 'readOnly';
}

export const demoStaff: DemoStaff[] = [
  { clientCode: 'SUN', email: 'office.admin@sunriselabs.example', role: 'officeAdmin' },
  { clientCode: 'SUN', email: 'billing.clerk@sunriselabs.example', role: 'billingStaff' },
  { clientCode: 'SUN', email: 'auditor@sunriselabs.example', role: 'readOnly' },
  { clientCode: 'NPP', email: 'office.admin@northpointpathology.example', role: 'officeAdmin' },
];
