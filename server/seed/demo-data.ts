/**
 * The demo data (DESIGN.md, "Demo data"). The fixed entries are relied on by tests; the rest fill
 * the list to about 55 entries, deterministically.
 */
import type { clients } from '../db/schema';

export type NewClient = typeof clients.$inferInsert;

export const DEMO_PASSWORD = 'Sunrise#Demo2026';

export const fixedClients: NewClient[] = [
  {
    code: 'SUN',
    name: 'Sunrise Laboratories',
    theme: 'sunrise',
    logoUrl: '/logos/sun.svg',
    clientUrl: 'https://www.sunriselabs.example/',
    acceptsOnlinePayments: true,
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
    }),
  ),
  {
    code: 'NPP',
    name: 'Northpoint Pathology',
    theme: 'northpoint',
    logoUrl: '/logos/northpoint.svg',
    clientUrl: 'https://www.northpointpathology.example/',
    acceptsOnlinePayments: false,
  },
  {
    code: 'HBR',
    name: 'Harbor Imaging',
    theme: 'harbor',
    logoUrl: '/logos/harbor.svg',
    clientUrl: 'https://www.harborimaging.example/',
    acceptsOnlinePayments: true,
    externalCcLink: 'https://payments.example.org/harbor',
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
];
