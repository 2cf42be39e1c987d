/**
 * People and invoices that only the end-to-end tests use, added beside the demo data before the
 * server starts. Tests that change what they sign in to (a language saved on the server, a
 * balance paid) each get their own account here, so parallel tests never see each other's
 * changes and the demo users stay as the README describes them.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { accounts, clients, invoices, userClients, users } from '../../server/db/schema';
import { hashPassword } from '../../server/security/password';
import { DEMO_PASSWORD, DEMO_POSTAL_CODE, type PastPaymentSeed } from '../../server/seed/demo-data';
import { insertPastPayment } from '../../server/seed/seed';
import { createRefundsService } from '../../server/core/payments/refunds.service';
import { createSandboxProcessor } from '../../server/core/processor/sandbox-processor';

interface FixtureInvoice {
  invoiceNumber: string;
  description: string;
  amountCents: number;
  balanceCents: number;
}

/**
 * A payment made before the tests start, against some of the account's invoices (their balances are
 * what is left after it); then, when given, what the billing office gave back of it: refunds, or
 * the void of a payment on the day it was made (ISO instants).
 */
type FixturePayment = Omit<PastPaymentSeed, 'payerName' | 'email'> & {
  refunds?: { at: string; amountCents: number }[];
  voidedAt?: string;
};

/** A second client where the same user has an account (a client with billing groups). */
interface FixtureMembership {
  clientCode: string;
  billingGroup: string;
  accountNumber: string;
  holderName: string;
  invoices: FixtureInvoice[];
}

interface FixtureAccount {
  clientCode: string;
  accountNumber: string;
  holderName: string;
  /** Signs in with the demo password; none for an account only guests use. */
  userEmail?: string;
  /** The user's account under this client is disabled (invoices and payments hidden). */
  accountDisabled?: boolean;
  invoices: FixtureInvoice[];
  payments?: FixturePayment[];
  /** The user's account at another client too (switch clients). */
  alsoAt?: FixtureMembership;
  /** The billing office marked the password for change: it has expired. */
  passwordChangeRequired?: true;
  /** Registered, but the activation link was never opened: signing in says so. */
  notActivated?: true;
}

/** Invoices like pat.doe's SUN ones: two open in full and one partly paid. */
function patLikeInvoices(prefix: string): FixtureInvoice[] {
  return [
    { invoiceNumber: `${prefix}31`, description: 'Complete blood count (CBC) with differential', amountCents: 4850, balanceCents: 4850 },
    { invoiceNumber: `${prefix}35`, description: 'Comprehensive metabolic panel', amountCents: 12675, balanceCents: 7675 },
    { invoiceNumber: `${prefix}39`, description: 'Lipid panel', amountCents: 6320, balanceCents: 6320 },
  ];
}

/** A user's account at SUN, A-94nn00 (its invoices SUN-94nn…). */
function account94(nn: string, holderName: string, userEmail: string) {
  return { clientCode: 'SUN', accountNumber: `A-94${nn}00`, holderName, userEmail };
}

/** An account at SUN (A-94nn00) like pat.doe's, with one more invoice paid in full by a payment that also paid part of another. */
function paidHistory(nn: string, holderName: string, userEmail: string, confirmationNumber: string) {
  const prefix = `SUN-94${nn}`;
  return {
    ...account94(nn, holderName, userEmail),
    invoices: [{ invoiceNumber: `${prefix}12`, description: 'Thyroid stimulating hormone (TSH)', amountCents: 3900, balanceCents: 0 }, ...patLikeInvoices(prefix)],
    payments: [
      {
        confirmationNumber,
        paidAt: '2026-02-06T14:30:00Z',
        lines: [
          { invoiceNumber: `${prefix}12`, amountCents: 3900 },
          { invoiceNumber: `${prefix}35`, amountCents: 5000 },
        ],
      },
    ],
  };
}

/**
 * An account at SUN (A-94nn00) like pat.doe's, whose two past payments the billing office gave
 * money back of: $20.00 refunded in two parts ($10.00, then $5.00: $5.00 kept), and $12.00 cancelled
 * on the day it was made (a void). Confirmation numbers P-REFUNDS<lang>A and P-VOIDED<lang>AA.
 */
function refundedHistory(nn: string, language: 'EN' | 'ES', holderName: string, userEmail: string) {
  const prefix = `SUN-94${nn}`;
  return {
    ...account94(nn, holderName, userEmail),
    // The $12.00 paid on invoice 31 is off its balance until the void puts it back.
    invoices: patLikeInvoices(prefix).map((invoice) => (invoice.invoiceNumber === `${prefix}31` ? { ...invoice, balanceCents: invoice.balanceCents - 1200 } : invoice)),
    payments: [
      {
        confirmationNumber: `P-REFUNDS${language}A`,
        paidAt: '2026-02-10T15:00:00Z',
        lines: [{ invoiceNumber: `${prefix}35`, amountCents: 2000 }],
        refunds: [
          { at: '2026-02-12T16:00:00Z', amountCents: 1000 },
          { at: '2026-03-02T15:00:00Z', amountCents: 500 },
        ],
      },
      // 09:00 and 12:30 in Chicago, SUN's time zone: the void comes the same business day.
      { confirmationNumber: `P-VOIDED${language}AA`, paidAt: '2026-02-20T15:00:00Z', lines: [{ invoiceNumber: `${prefix}31`, amountCents: 1200 }], voidedAt: '2026-02-20T18:30:00Z' },
    ],
  };
}

/** The accounts, by the name tests use for them. */
export const fixtureAccounts = {
  /** Changes its saved language. */
  language: { clientCode: 'HBR', accountNumber: 'H-390001', holderName: 'Lee Doe', userEmail: 'e2e.language@example.com', invoices: [] },
  /** Chooses a language on the login page that differs from the one saved on the server. */
  languageAtSignIn: { clientCode: 'HBR', accountNumber: 'H-390002', holderName: 'Morgan Doe', userEmail: 'e2e.language.signin@example.com', invoices: [] },
  /** Pays through the wizard in English. */
  payerEn: { clientCode: 'SUN', accountNumber: 'A-910100', holderName: 'Avery Doe', userEmail: 'e2e.payer.en@example.com', invoices: patLikeInvoices('SUN-9101') },
  /** Pays through the wizard in Spanish. */
  payerEs: { clientCode: 'SUN', accountNumber: 'A-910200', holderName: 'Blair Doe', userEmail: 'e2e.payer.es@example.com', invoices: patLikeInvoices('SUN-9102') },
  /** Has a card declined, then pays. */
  declined: { clientCode: 'SUN', accountNumber: 'A-910300', holderName: 'Casey Doe', userEmail: 'e2e.declined@example.com', invoices: patLikeInvoices('SUN-9103') },
  /** Double-clicks Pay. */
  doubleClick: { clientCode: 'SUN', accountNumber: 'A-910400', holderName: 'Devon Doe', userEmail: 'e2e.double@example.com', invoices: patLikeInvoices('SUN-9104') },
  /** Reloads every step. */
  reload: { clientCode: 'SUN', accountNumber: 'A-910500', holderName: 'Emery Doe', userEmail: 'e2e.reload@example.com', invoices: patLikeInvoices('SUN-9105') },
  /** Pays, then uses the browser's Back. */
  backAfterPaying: { clientCode: 'SUN', accountNumber: 'A-910600', holderName: 'Jules Doe', userEmail: 'e2e.back@example.com', invoices: patLikeInvoices('SUN-9106') },
  /** Pays in one tab after another tab paid part of the same invoices. */
  staleBalance: { clientCode: 'SUN', accountNumber: 'A-910700', holderName: 'Kai Doe', userEmail: 'e2e.stale@example.com', invoices: patLikeInvoices('SUN-9107') },
  /** Pays with a payer name in several scripts. */
  payerName: { clientCode: 'SUN', accountNumber: 'A-910800', holderName: 'Kim Doe', userEmail: 'e2e.payer.name@example.com', invoices: patLikeInvoices('SUN-9108') },
  /** Pays with the keyboard alone. */
  keyboard: { clientCode: 'SUN', accountNumber: 'A-910900', holderName: 'Robin Doe', userEmail: 'e2e.keyboard@example.com', invoices: patLikeInvoices('SUN-9109') },
  /** Types into the billing information after a refused Continue, in English and in Spanish. */
  billingTypingEn: { clientCode: 'SUN', accountNumber: 'A-911000', holderName: 'Pat Doe', userEmail: 'e2e.billing.typing.en@example.com', invoices: patLikeInvoices('SUN-9110') },
  billingTypingEs: { clientCode: 'SUN', accountNumber: 'A-911100', holderName: 'Pat Doe', userEmail: 'e2e.billing.typing.es@example.com', invoices: patLikeInvoices('SUN-9111') },
  /** Pays with "Remember this address" ticked, pays again with it offered, then unticks it; in English and in Spanish. */
  rememberAddressEn: { clientCode: 'SUN', accountNumber: 'A-911200', holderName: 'Noa Doe', userEmail: 'e2e.remember.en@example.com', invoices: patLikeInvoices('SUN-9112') },
  rememberAddressEs: { clientCode: 'SUN', accountNumber: 'A-911300', holderName: 'Oli Doe', userEmail: 'e2e.remember.es@example.com', invoices: patLikeInvoices('SUN-9113') },
  /** Opens the wizard's first step as the server renders it, in Spanish. */
  wizardRenderedEs: { clientCode: 'SUN', accountNumber: 'A-911500', holderName: 'Ines Doe', userEmail: 'e2e.wizard.rendered.es@example.com', invoices: patLikeInvoices('SUN-9115') },
  /** Reloads the wizard's first step with progress kept in the tab. */
  wizardResume: { clientCode: 'SUN', accountNumber: 'A-911600', holderName: 'Jo Doe', userEmail: 'e2e.wizard.resume@example.com', invoices: patLikeInvoices('SUN-9116') },
  /** Walks the wizard's steps: the progress, the focus ring, the card's expiry. */
  wizardSteps: { clientCode: 'SUN', accountNumber: 'A-911400', holderName: 'Sky Doe', userEmail: 'e2e.wizard.steps@example.com', invoices: patLikeInvoices('SUN-9114') },
  /** A guest who pays, in English and in Spanish. */
  guestEn: { clientCode: 'SUN', accountNumber: 'A-920100', holderName: 'Finley Guest', invoices: patLikeInvoices('SUN-9201') },
  guestEs: { clientCode: 'SUN', accountNumber: 'A-920200', holderName: 'Gray Guest', invoices: patLikeInvoices('SUN-9202') },
  /** Pays as a guest (through the API) so that billing office staff refund part of it on the console's Payments screen. */
  officeRefunds: { clientCode: 'SUN', accountNumber: 'A-920900', holderName: 'Morgan Refund', invoices: patLikeInvoices('SUN-9209') },
  /** An invoice paid in full and closed; the office refunds part of its payment, which opens it again (refund-reopens.spec.ts). */
  refundReopens: {
    clientCode: 'SUN',
    accountNumber: 'A-921000',
    holderName: 'Remy Reopen',
    userEmail: 'e2e.refund.reopens@example.com',
    invoices: [{ invoiceNumber: 'SUN-921012', description: 'Thyroid stimulating hormone (TSH)', amountCents: 3900, balanceCents: 0 }, ...patLikeInvoices('SUN-9210')],
    payments: [{ confirmationNumber: 'P-REOPENAAAA', paidAt: '2026-02-06T14:30:00Z', lines: [{ invoiceNumber: 'SUN-921012', amountCents: 3900 }] }],
  },
  /** At OAK, a lab no other test looks at: the console's keyboard journey refunds part of a payment to it (office-keyboard-journey.spec.ts). */
  officeJourney: { clientCode: 'OAK', accountNumber: 'A-922100', holderName: 'Kim Keys', invoices: patLikeInvoices('OAK-9221') },
  /** Signed in through the API, then signed out everywhere by billing office staff from the account's console page. */
  officeHelp: { clientCode: 'SUN', accountNumber: 'A-920800', holderName: 'Nico Help', userEmail: 'e2e.office.help@example.com', invoices: [] },
  /** Has nothing left to pay. */
  nothingDue: { clientCode: 'SUN', accountNumber: 'A-930100', holderName: 'Harley Doe', userEmail: 'e2e.paid.up@example.com', invoices: [] },
  /** Downloads the statement and a past payment's receipt, in English and in Spanish. */
  documentsEn: {
    clientCode: 'SUN',
    accountNumber: 'A-940100',
    holderName: 'Quinn Doe',
    userEmail: 'e2e.documents.en@example.com',
    invoices: patLikeInvoices('SUN-9401'),
    payments: [{ confirmationNumber: 'P-DOCSENAAAA', paidAt: '2026-02-10T15:00:00Z', lines: [{ invoiceNumber: 'SUN-940135', amountCents: 5000 }] }],
  },
  documentsEs: {
    clientCode: 'SUN',
    accountNumber: 'A-940200',
    holderName: 'Sasha Doe',
    userEmail: 'e2e.documents.es@example.com',
    invoices: patLikeInvoices('SUN-9402'),
    payments: [{ confirmationNumber: 'P-DOCSESAAAA', paidAt: '2026-02-10T15:00:00Z', lines: [{ invoiceNumber: 'SUN-940235', amountCents: 5000 }] }],
  },
  /** Has paid an invoice in full and part of another with one payment, in English and in Spanish: the paid invoices and the payment history. */
  paidHistoryEn: paidHistory('04', 'Parker Doe', 'e2e.paid.history.en@example.com', 'P-PAIDHISTEN'),
  paidHistoryEs: paidHistory('05', 'Paz Doe', 'e2e.paid.history.es@example.com', 'P-PAIDHISTES'),
  /** Sees the refunds and the void of past payments in the payment history and the statement, in English and in Spanish. */
  refundedEn: refundedHistory('06', 'EN', 'Remy Doe', 'e2e.refunded.en@example.com'),
  refundedEs: refundedHistory('07', 'ES', 'Rocío Doe', 'e2e.refunded.es@example.com'),
  /** A guest who downloads their own statement and receipt. */
  documentsGuest: {
    clientCode: 'SUN',
    accountNumber: 'A-940300',
    holderName: 'Tatum Guest',
    invoices: patLikeInvoices('SUN-9403'),
    payments: [{ confirmationNumber: 'P-DOCSGUESTA', paidAt: '2026-02-11T09:30:00Z', lines: [{ invoiceNumber: 'SUN-940335', amountCents: 5000 }] }],
  },
  /** Switches from SUN to DLT 52 in Spanish. */
  switcherEs: {
    clientCode: 'SUN',
    accountNumber: 'A-950100',
    holderName: 'Quinn Doe',
    userEmail: 'e2e.switch.es@example.com',
    invoices: patLikeInvoices('SUN-9501'),
    alsoAt: {
      clientCode: 'DLT',
      billingGroup: '52',
      accountNumber: 'D-950100',
      holderName: 'Quinn Doe',
      invoices: [{ invoiceNumber: 'DLT-950131', description: 'Thyroid panel', amountCents: 9240, balanceCents: 9240 }],
    },
  },
  /** Has an account at SUN only: nothing to switch to. */
  oneClient: { clientCode: 'SUN', accountNumber: 'A-950200', holderName: 'Rowan Doe', userEmail: 'e2e.switch.one@example.com', invoices: [] },
  /** Changes the name and company on the member information page. */
  memberDetails: { clientCode: 'SUN', accountNumber: 'A-960100', holderName: 'Quinn Doe', userEmail: 'e2e.member.details@example.com', invoices: [] },
  /** Types what the member forms refuse, in English and in Spanish (and never saves it). */
  memberBadInput: { clientCode: 'SUN', accountNumber: 'A-960200', holderName: 'Reese Doe', userEmail: 'e2e.member.bad@example.com', invoices: [] },
  memberBadInputEs: { clientCode: 'SUN', accountNumber: 'A-960300', holderName: 'Sasha Doe', userEmail: 'e2e.member.bad.es@example.com', invoices: [] },
  /** Changes the email address through the link sent to the new one. */
  emailChange: { clientCode: 'SUN', accountNumber: 'A-960400', holderName: 'Taylor Doe', userEmail: 'e2e.email.change@example.com', invoices: [] },
  /** Asks to change to an address that is taken, and opens links that do not work. */
  emailTaken: { clientCode: 'SUN', accountNumber: 'A-960500', holderName: 'Uma Doe', userEmail: 'e2e.email.taken@example.com', invoices: [] },
  /** Signs out on every device while signed in in two browsers. */
  signOutEverywhere: { clientCode: 'SUN', accountNumber: 'A-960600', holderName: 'Val Doe', userEmail: 'e2e.signout.everywhere@example.com', invoices: [] },
  /** Registered in English, activated from the email, then signs in. */
  registerEn: { clientCode: 'SUN', accountNumber: 'A-970100', holderName: 'Quinn Doe', invoices: patLikeInvoices('SUN-9701') },
  /** Registered, then signs in before activating and asks for the link again. */
  registerEarly: { clientCode: 'SUN', accountNumber: 'A-970200', holderName: 'Reese Doe', invoices: patLikeInvoices('SUN-9702') },
  /** Registered for by a holder and a stranger, one account per language: the holder removes the stranger. */
  registerRemovalEn: { clientCode: 'SUN', accountNumber: 'A-970600', holderName: 'Vic Doe', invoices: patLikeInvoices('SUN-9706') },
  registerRemovalEs: { clientCode: 'SUN', accountNumber: 'A-970700', holderName: 'Val Doe', invoices: patLikeInvoices('SUN-9707') },
  /** Typed wrong into the registration form. */
  registerBadInput: { clientCode: 'SUN', accountNumber: 'A-970300', holderName: 'Sage Doe', invoices: patLikeInvoices('SUN-9703') },
  /** Registered with an address that already has an account. */
  registerKnownEmail: { clientCode: 'HBR', accountNumber: 'H-970400', holderName: 'Toby Doe', invoices: patLikeInvoices('HBR-9704') },
  /** Already has an account: someone registers with this address (no other test signs in as them). */
  registerKnownOwner: { clientCode: 'SUN', accountNumber: 'A-970500', holderName: 'Ula Doe', userEmail: 'e2e.register.owner@example.com', invoices: [] },
  /** Forgets the password: a reset link, then the new password (an older session ends). */
  passwordReset: { clientCode: 'SUN', accountNumber: 'A-980100', holderName: 'Wren Doe', userEmail: 'e2e.password.reset@example.com', invoices: [] },
  /** Asks for reset links in Spanish. */
  passwordResetEs: { clientCode: 'SUN', accountNumber: 'A-980200', holderName: 'Xan Doe', userEmail: 'e2e.password.reset.es@example.com', invoices: [] },
  /** Whose password the office marked for change: sent to update password first, then changes it. */
  passwordExpired: {
    clientCode: 'SUN',
    accountNumber: 'A-980300',
    holderName: 'Yael Doe',
    userEmail: 'e2e.password.expired@example.com',
    invoices: [],
    passwordChangeRequired: true,
  },
  /** Changes the password while signed in on two browsers. */
  passwordUpdate: { clientCode: 'SUN', accountNumber: 'A-980400', holderName: 'Zane Doe', userEmail: 'e2e.password.update@example.com', invoices: [] },
  /** Types what the update password form refuses, in English and in Spanish (and never changes it). */
  passwordBadInput: { clientCode: 'SUN', accountNumber: 'A-980500', holderName: 'Ari Doe', userEmail: 'e2e.password.bad@example.com', invoices: [] },
  passwordBadInputEs: { clientCode: 'SUN', accountNumber: 'A-980600', holderName: 'Bo Doe', userEmail: 'e2e.password.bad.es@example.com', invoices: [] },
} satisfies Record<string, FixtureAccount>;

/** How many model paths of one machine can have accounts of their own (more fails loudly). */
export const modelPathAccountCount = 40;

const twoDigits = (number: number) => String(number).padStart(2, '0');

/** Like the payment model's account (machines/payment/payment.fixtures.ts): two open invoices, one partly paid, and a paid one. */
function modelInvoices(prefix: string): FixtureInvoice[] {
  return [
    { invoiceNumber: `${prefix}41`, description: 'Blood panel', amountCents: 15000, balanceCents: 12000 },
    { invoiceNumber: `${prefix}42`, description: 'Lipid profile', amountCents: 4550, balanceCents: 4550 },
    { invoiceNumber: `${prefix}07`, description: 'Paid long ago', amountCents: 2000, balanceCents: 0 },
  ];
}

/**
 * The accounts of the model paths run in the browser (tests/e2e/model-paths): one set per path
 * number, so paths running side by side never sign in to, sign out of or pay from the same one.
 */
/** A SUN account without a user for path `path`: A-<series><nn>, with two open invoices SUN-<series><nn>1 and 2. */
function accountWithoutUser(series: string, path: number) {
  return {
    clientCode: 'SUN',
    accountNumber: `A-${series}${twoDigits(path)}`,
    holderName: 'Riley Model',
    invoices: [1, 2].map((last) => ({
      invoiceNumber: `SUN-${series}${twoDigits(path)}${String(last)}`,
      description: 'Lipid panel',
      amountCents: 6320,
      balanceCents: 6320,
    })),
  };
}

export const modelPathAccounts = {
  /** A billing user of the session paths. */
  sessionUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9901${twoDigits(path)}`,
    holderName: 'Morgan Model',
    userEmail: `e2e.model.session.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** A billing user of the session paths whose account is disabled. */
  sessionDisabledUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9902${twoDigits(path)}`,
    holderName: 'Dale Model',
    userEmail: `e2e.model.disabled.${twoDigits(path)}@example.com`,
    accountDisabled: true,
    invoices: [],
  }),
  /** A billing user of the session paths whose password the billing office marked for change. */
  sessionExpiredUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9905${twoDigits(path)}`,
    holderName: 'Max Model',
    userEmail: `e2e.model.expired.${twoDigits(path)}@example.com`,
    passwordChangeRequired: true as const,
    invoices: [],
  }),
  /** An account a guest of the session paths signs in to, with one open invoice. */
  sessionGuest: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9903${twoDigits(path)}`,
    holderName: 'Gale Model',
    invoices: [{ invoiceNumber: `SUN-9903${twoDigits(path)}1`, description: 'Lipid panel', amountCents: 6320, balanceCents: 6320 }],
  }),
  /** A billing user of the loading paths (signed in, on a quiet page). */
  loadingUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9904${twoDigits(path)}`,
    holderName: 'Lou Model',
    userEmail: `e2e.model.loading.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** Whose address a forgotten-password path types, and whom the link it asks for is sent to. */
  passwordForgot: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9920${twoDigits(path)}`,
    holderName: 'Fern Model',
    userEmail: `e2e.model.password.forgot.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** Whose emailed reset link a password reset path opens (and spends, when the path sets the password). */
  passwordReset: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9921${twoDigits(path)}`,
    holderName: 'Rhys Model',
    userEmail: `e2e.model.password.reset.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** Who changes the password on the update password page, signed in. */
  passwordUpdate: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9922${twoDigits(path)}`,
    holderName: 'Uma Model',
    userEmail: `e2e.model.password.update.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** A billing user of the member information paths (names and company saved, every session ended). */
  memberUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9930${twoDigits(path)}`,
    holderName: 'Mel Model',
    userEmail: `e2e.model.member.user.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** A billing user of the email change paths (asks for links to an address of the path's own). */
  emailChangeUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9931${twoDigits(path)}`,
    holderName: 'Em Model',
    userEmail: `e2e.model.member.email.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** A billing user of the switch clients paths, with accounts at SUN and at DLT 52 (like pat.doe). */
  switcher: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9932${twoDigits(path)}`,
    holderName: 'Sam Model',
    userEmail: `e2e.model.member.switcher.${twoDigits(path)}@example.com`,
    invoices: [],
    alsoAt: { clientCode: 'DLT', billingGroup: '52', accountNumber: `D-9932${twoDigits(path)}`, holderName: 'Sam Model', invoices: [] },
  }),
  /** An account without a user, which the registration and activation paths register for (typing its invoice SUN-9911<nn>1 or 2). */
  registrant: (path: number) => accountWithoutUser('9911', path),
  /**
   * An account without a user of the access-removal paths, which register twice for it (typing its
   * invoice SUN-9915<nn>1): the first to register must be theirs, so no other path registers here.
   */
  accessRemovalRegistrant: (path: number) => accountWithoutUser('9915', path),
  /** A user of the resend-activation paths who registered but never opened the activation link. */
  waitingUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9912${twoDigits(path)}`,
    holderName: 'Wynn Model',
    userEmail: `e2e.model.register.waiting.${twoDigits(path)}@example.com`,
    notActivated: true as const,
    invoices: [],
  }),
  /** A billing user of the email-confirmation paths, who opens an email change's link signed in. */
  emailConfirmer: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9913${twoDigits(path)}`,
    holderName: 'Cody Model',
    userEmail: `e2e.model.register.confirm.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** A billing user of the language paths, who signs in and out while languages load. */
  languageUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9940${twoDigits(path)}`,
    holderName: 'Lena Model',
    userEmail: `e2e.model.client.language.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** A billing user of the client paths, whose session brings its billing group. */
  clientUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9941${twoDigits(path)}`,
    holderName: 'Cleo Model',
    userEmail: `e2e.model.client.user.${twoDigits(path)}@example.com`,
    invoices: [],
  }),
  /** The payer of a payment path in the browser: the payment model's invoices, SUN-9906<nn>41, 42 (both open) and 07 (paid). */
  paymentPayer: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9906${twoDigits(path)}`,
    holderName: 'Pat Model',
    userEmail: `e2e.model.payment.payer.${twoDigits(path)}@example.com`,
    invoices: modelInvoices(`SUN-9906${twoDigits(path)}`),
  }),
  /** A payer of a payment path with nothing due: only the model's paid invoice, SUN-9907<nn>07. */
  paymentPaidUp: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9907${twoDigits(path)}`,
    holderName: 'Pat Model',
    userEmail: `e2e.model.payment.paidup.${twoDigits(path)}@example.com`,
    invoices: modelInvoices(`SUN-9907${twoDigits(path)}`).filter((invoice) => invoice.balanceCents === 0),
  }),
  /** A billing user of the app's root paths, with accounts at SUN and DLT 52 to switch between. */
  appUser: (path: number) => ({
    clientCode: 'SUN',
    accountNumber: `A-9942${twoDigits(path)}`,
    holderName: 'Ari Model',
    userEmail: `e2e.model.app.user.${twoDigits(path)}@example.com`,
    invoices: [],
    alsoAt: { clientCode: 'DLT', billingGroup: '52', accountNumber: `D-9942${twoDigits(path)}`, holderName: 'Ari Model', invoices: [] },
  }),
} satisfies Record<string, (path: number) => FixtureAccount>;

function allFixtureAccounts(): FixtureAccount[] {
  const perPath = Array.from({ length: modelPathAccountCount }, (_, index) =>
    Object.values(modelPathAccounts).map((account) => account(index + 1)),
  ).flat();
  return [...Object.values(fixtureAccounts), ...perPath];
}

/** Inserts the fixture accounts, their invoices, past payments and users into a seeded database. */
export async function insertFixtureData(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const givenBack: MoneyGivenBack[] = [];
  await db.transaction(async (tx) => {
    for (const [position, account] of allFixtureAccounts().entries()) {
      const [client] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.code, account.clientCode), isNull(clients.billingGroup)))
        .limit(1);
      if (!client) throw new Error(`Fixture data names an unknown client ${account.clientCode}`);
      const [row] = await tx
        .insert(accounts)
        .values({ clientId: client.id, accountNumber: account.accountNumber, holderName: account.holderName, guarantorPostalCode: DEMO_POSTAL_CODE })
        .returning({ id: accounts.id });
      if (!row) throw new Error(`Could not insert ${account.accountNumber}`);
      if (account.invoices.length > 0) {
        await tx.insert(invoices).values(
          account.invoices.map((invoice, index) => ({
            clientId: client.id,
            accountId: row.id,
            invoiceNumber: invoice.invoiceNumber,
            description: invoice.description,
            invoiceDate: `2026-0${String(1 + index)}-1${String(position % 10)}`,
            dueDate: `2026-0${String(2 + index)}-1${String(position % 10)}`,
            amountCents: invoice.amountCents,
            balanceCents: invoice.balanceCents,
            // Paid to nothing, closed, as the lab's next statement closes it (the demo's SUN-100012 is).
            closedAt: invoice.balanceCents === 0 ? new Date('2026-02-07T12:00:00Z') : null,
          })),
        );
      }
      for (const { refunds, voidedAt, ...payment } of account.payments ?? []) {
        await insertPastPayment(tx, {
          clientId: client.id,
          accountId: row.id,
          payment: { ...payment, payerName: account.holderName, email: account.userEmail ?? 'guest@example.com' },
        });
        if (refunds || voidedAt) givenBack.push({ clientId: client.id, confirmationNumber: payment.confirmationNumber, refunds: refunds ?? [], voidedAt });
      }
      if (account.userEmail) {
        const [holderFirst = '', holderLast = ''] = account.holderName.split(' ');
        const [user] = await tx
          .insert(users)
          .values({
            email: account.userEmail,
            passwordHash,
            firstName: holderFirst,
            lastName: holderLast,
            isActive: true,
            activatedAt: account.notActivated ? null : new Date(),
            passwordChangeRequired: account.passwordChangeRequired ?? false,
          })
          .returning({ id: users.id });
        if (!user) throw new Error(`Could not insert ${account.userEmail}`);
        await tx.insert(userClients).values({
          userId: user.id,
          clientId: client.id,
          role: 'ClientBillingUser',
          accountNumber: account.accountNumber,
          accountDisabled: account.accountDisabled ?? false,
        });
        if (account.alsoAt) {
          const other = account.alsoAt;
          const [otherClient] = await tx
            .select({ id: clients.id })
            .from(clients)
            .where(and(eq(clients.code, other.clientCode), eq(clients.billingGroup, other.billingGroup)))
            .limit(1);
          if (!otherClient) throw new Error(`Fixture data names an unknown client ${other.clientCode} ${other.billingGroup}`);
          const [otherAccount] = await tx
            .insert(accounts)
            .values({ clientId: otherClient.id, accountNumber: other.accountNumber, holderName: other.holderName, guarantorPostalCode: DEMO_POSTAL_CODE })
            .returning({ id: accounts.id });
          if (!otherAccount) throw new Error(`Could not insert ${other.accountNumber}`);
          if (other.invoices.length > 0) {
            await tx.insert(invoices).values(
              other.invoices.map((invoice) => ({
                clientId: otherClient.id,
                accountId: otherAccount.id,
                invoiceNumber: invoice.invoiceNumber,
                description: invoice.description,
                invoiceDate: '2026-01-20',
                dueDate: '2026-02-20',
                amountCents: invoice.amountCents,
                balanceCents: invoice.balanceCents,
              })),
            );
          }
          // Joined after the first client: signing in without a client lands on the first.
          await tx.insert(userClients).values({
            userId: user.id,
            clientId: otherClient.id,
            role: 'ClientBillingUser',
            accountNumber: other.accountNumber,
            createdAt: new Date(Date.now() + 1000),
          });
        }
      }
    }
  });
  for (const payment of givenBack) await giveMoneyBack(db, payment);
}

interface MoneyGivenBack {
  clientId: number;
  confirmationNumber: string;
  refunds: { at: string; amountCents: number }[];
  voidedAt: string | undefined;
}

/**
 * Gives money back of a fixture payment as the billing office does (the refunds service behind its
 * API), each refund or void at its own instant: the money events, balances and emails are the real ones.
 */
async function giveMoneyBack(db: Database, { clientId, confirmationNumber, refunds, voidedAt }: MoneyGivenBack): Promise<void> {
  const office = { kind: 'staff', id: 'e2e-fixture' } as const;
  const at = (instant: string) => {
    const now = () => new Date(instant);
    return createRefundsService({ db, processorFor: createSandboxProcessor({ db, now }).processorFor, now });
  };
  for (const [index, refund] of refunds.entries()) {
    const outcome = await at(refund.at).refund(clientId, confirmationNumber, `e2e-fixture-${confirmationNumber}-${String(index)}`, { amountCents: refund.amountCents, reason: '' }, office);
    if (outcome.kind !== 'refunded') throw new Error(`Could not refund ${confirmationNumber}: ${outcome.refusal}`);
  }
  if (voidedAt) {
    const outcome = await at(voidedAt).voidPayment(clientId, confirmationNumber, office);
    if (outcome.kind !== 'voided') throw new Error(`Could not void ${confirmationNumber}: ${outcome.refusal}`);
  }
}
