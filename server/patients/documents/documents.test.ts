import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentListSchema, type DocumentList } from '@contracts/documents';
import { receiptSchema } from '@contracts/payments';
import { accounts, payments } from '../../db/schema';
import {
  DEMO_BILLING,
  DEMO_GUEST,
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  manualClock,
  resetPayments,
  resetSessions,
  tokenizeTestCard,
  useSeededDatabase,
} from '../../test/harness';
import { readPdf } from '../../test/pdf-text';

const database = useSeededDatabase();

beforeEach(async () => {
  await resetSessions(database.db);
  await resetPayments(database.db);
});

/** Statements are dated by the server's clock. */
const TODAY = '2026-03-01T09:00:00Z';

const visitors = ['anonymous', 'guest', 'user', 'disabledUser', 'userOfAnotherClient'] as const;
type Visitor = (typeof visitors)[number];

/** A browser on a fresh app, signed in as the visitor (each under its own client). */
async function browserFor(visitor: Visitor, language: 'en-US' | 'es-ES' = 'en-US'): Promise<TestBrowser> {
  const browser = await new TestBrowser(createTestApp(database.db, { now: manualClock(TODAY).now })).open();
  const signIns: Record<Visitor, (() => Promise<Response>) | null> = {
    anonymous: null,
    guest: () => browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber, { clientCode: 'SUN', language }),
    user: () => browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN', language }),
    disabledUser: () => browser.login('disabled.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN', language }),
    userOfAnotherClient: () => browser.login('north.doe@example.com', DEMO_PASSWORD, { clientCode: 'NPP', language }),
  };
  const signIn = signIns[visitor];
  if (signIn) expect((await signIn()).status).toBe(200);
  return browser;
}

/** A past payment of an account, stored as MakePayment stores one. */
async function storePayment(accountNumber: string, payment: { confirmationNumber: string; paidAt: string; totalCents: number; cardBrand?: string; cardLast4?: string }) {
  const [account] = await database.db.select().from(accounts).where(eq(accounts.accountNumber, accountNumber));
  if (!account) throw new Error(`No account ${accountNumber}`);
  await database.db.insert(payments).values({
    clientId: account.clientId,
    accountId: account.id,
    confirmationNumber: payment.confirmationNumber,
    idempotencyKey: `key-${payment.confirmationNumber}`,
    requestHash: 'stored-by-the-test',
    paidAt: new Date(payment.paidAt),
    totalCents: payment.totalCents,
    cardBrand: payment.cardBrand ?? 'visa',
    cardLast4: payment.cardLast4 ?? '4242',
    ...DEMO_BILLING,
  });
}

/** Pat's two payments and the guest's one. */
async function storeDemoPayments() {
  await storePayment('A-100200', { confirmationNumber: 'P-PATOLDERAA', paidAt: '2026-01-20T15:30:00Z', totalCents: 3900 });
  await storePayment('A-100200', { confirmationNumber: 'P-PATNEWERAA', paidAt: '2026-02-15T10:00:00Z', totalCents: 5000, cardBrand: 'mastercard', cardLast4: '4444' });
  await storePayment('A-778899', { confirmationNumber: 'P-GUESTPAIDA', paidAt: '2026-02-12T08:00:00Z', totalCents: 1200 });
}

async function documentList(browser: TestBrowser, query = '?clientCode=SUN') {
  const { status, body } = await browser.getJson(`/api/Documents/GetDocuments${query}`);
  expect(status).toBe(200);
  return v.parse(documentListSchema, body);
}

async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  return readPdf(bytes);
}

const bothPublicDocuments: DocumentList['publicDocuments'] = ['financialAssistancePolicy', 'billingRightsNotice'];
const sunrise = { code: 'SUN', billingGroup: null, name: 'Sunrise Laboratories' };

describe('who gets which documents', () => {
  it('lists, for each visitor, the public documents and only their own account under their own client', async () => {
    await storeDemoPayments();
    const expected: Record<Visitor, DocumentList> = {
      anonymous: { client: sunrise, publicDocuments: bothPublicDocuments, account: null, accountUnavailable: 'signedOut' },
      guest: {
        client: sunrise,
        publicDocuments: bothPublicDocuments,
        accountUnavailable: null,
        account: {
          accountNumber: 'A-778899',
          holderName: 'Jordan Guest',
          totalDueCents: 5400 + 2750,
          payments: [{ confirmationNumber: 'P-GUESTPAIDA', paidAt: '2026-02-12T08:00:00.000Z', totalCents: 1200, cardBrand: 'visa', cardLast4: '4242', lines: [], refunds: [] }],
        },
      },
      user: {
        client: sunrise,
        publicDocuments: bothPublicDocuments,
        accountUnavailable: null,
        account: {
          accountNumber: 'A-100200',
          holderName: 'Pat Doe',
          totalDueCents: 4850 + 7675 + 6320,
          // Newest first.
          payments: [
            { confirmationNumber: 'P-PATNEWERAA', paidAt: '2026-02-15T10:00:00.000Z', totalCents: 5000, cardBrand: 'mastercard', cardLast4: '4444', lines: [], refunds: [] },
            { confirmationNumber: 'P-PATOLDERAA', paidAt: '2026-01-20T15:30:00.000Z', totalCents: 3900, cardBrand: 'visa', cardLast4: '4242', lines: [], refunds: [] },
          ],
        },
      },
      // Its invoices are hidden, and so are the statement and payments made of them.
      disabledUser: { client: sunrise, publicDocuments: bothPublicDocuments, account: null, accountUnavailable: 'accountDisabled' },
      // Signed in, the session's client wins over the one the query names.
      userOfAnotherClient: {
        client: { code: 'NPP', billingGroup: null, name: 'Northpoint Pathology' },
        publicDocuments: bothPublicDocuments,
        account: { accountNumber: 'N-200100', holderName: 'Noor Doe', totalDueCents: 18500 + 9600, payments: [] },
        accountUnavailable: null,
      },
    };
    for (const visitor of visitors) {
      expect(await documentList(await browserFor(visitor)), visitor).toEqual(expected[visitor]);
    }
  });

  it('gives anyone, signed in or not, the public documents of any client', async () => {
    for (const visitor of visitors) {
      const browser = await browserFor(visitor);
      const { text } = await pdfOf(await browser.get('/api/Documents/GetPublicDocument?kind=billingRightsNotice&clientCode=SUN'));
      expect(text, visitor).toContain('Sunrise Laboratories');
      expect(text, visitor).toContain('Your billing rights');
    }
  });

  it('gives the statement PDF only to a signed-in user or guest, and always of their own account', async () => {
    const answers: Record<Visitor, { status: number; shows?: string[]; never?: string[] }> = {
      anonymous: { status: 401 },
      guest: { status: 200, shows: ['A-778899', 'Jordan Guest', 'SUN-100042'], never: ['A-100200', 'Pat Doe'] },
      user: { status: 200, shows: ['A-100200', 'Pat Doe', 'SUN-100031'], never: ['A-778899', 'Jordan Guest'] },
      disabledUser: { status: 403 },
      userOfAnotherClient: { status: 200, shows: ['Northpoint Pathology', 'N-200100', 'NPP-200018'], never: ['Sunrise', 'A-100200'] },
    };
    for (const visitor of visitors) {
      const response = await (await browserFor(visitor)).get('/api/Documents/GetStatementPdf?language=en-US');
      const answer = answers[visitor];
      expect(response.status, visitor).toBe(answer.status);
      if (answer.status !== 200) {
        expect(await response.json(), visitor).toEqual({ error: visitor === 'anonymous' ? 'notSignedIn' : 'accountDisabled' });
        continue;
      }
      const { text } = await pdfOf(response);
      for (const shown of answer.shows ?? []) expect(text, visitor).toContain(shown);
      for (const hidden of answer.never ?? []) expect(text, visitor).not.toContain(hidden);
    }
  });

  it("gives each listed payment's receipt PDF to the account's own user only", async () => {
    await storeDemoPayments();
    const path = '/api/OnlinePayment/GetReceiptPdf?confirmationNumber=P-PATNEWERAA';
    const statuses: Record<Visitor, number> = { anonymous: 401, guest: 404, user: 200, disabledUser: 403, userOfAnotherClient: 404 };
    for (const visitor of visitors) {
      expect((await (await browserFor(visitor)).get(path)).status, visitor).toBe(statuses[visitor]);
    }
  });
});

describe('GET /api/Documents/GetDocuments', () => {
  it('names the client of the query, with its billing group, to a visitor who is not signed in', async () => {
    const anonymous = await browserFor('anonymous');
    expect((await documentList(anonymous, '?clientCode=dlt&billingGroup=48')).client).toEqual({ code: 'DLT', billingGroup: '48', name: 'Delta Diagnostics' });
    // The client with no name is named by its code.
    expect((await documentList(anonymous, '?clientCode=ZZ')).client).toEqual({ code: 'ZZ', billingGroup: null, name: 'ZZ' });
  });

  it('lists nothing public without a client, and answers 404 for a code that names none', async () => {
    const anonymous = await browserFor('anonymous');
    expect(await documentList(anonymous, '')).toEqual({ client: null, publicDocuments: [], account: null, accountUnavailable: 'signedOut' });
    expect(await anonymous.getJson('/api/Documents/GetDocuments?clientCode=QQQ')).toEqual({ status: 404, body: { error: 'notFound' } });
  });

  it('lists a payment made online at once, with what its receipt needs', async () => {
    const pat = await browserFor('user');
    const cardToken = await tokenizeTestCard(database.db);
    const paid = await pat.post(
      '/api/OnlinePayment/MakePayment',
      { lines: [{ invoiceNumber: 'SUN-100031', amountCents: 4850 }], cardToken, billing: DEMO_BILLING },
      { headers: { 'Idempotency-Key': 'documents-test-key-1' } },
    );
    expect(paid.status).toBe(200);
    const receipt = v.parse(receiptSchema, await paid.json());

    const { account } = await documentList(pat, '');
    expect(account).toMatchObject({
      totalDueCents: 7675 + 6320,
      payments: [{ confirmationNumber: receipt.confirmationNumber, paidAt: receipt.paidAt, totalCents: 4850, cardBrand: 'visa', cardLast4: '4242' }],
    });
  });

  it.each([
    '?clientCode=S1',
    '?clientCode=SUNRISE',
    '?clientCode=%00',
    `?clientCode=SUN&billingGroup=${'x'.repeat(40)}`,
    '?clientCode=SUN&billingGroup=%07',
  ])('refuses the query %s with 400', async (query) => {
    expect(await (await browserFor('anonymous')).getJson(`/api/Documents/GetDocuments${query}`)).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
  });
});

describe('GET /api/Documents/GetPublicDocument', () => {
  const titles = {
    financialAssistancePolicy: { 'en-US': 'Financial assistance policy', 'es-ES': 'Política de ayuda financiera' },
    billingRightsNotice: { 'en-US': 'Your billing rights', 'es-ES': 'Sus derechos de facturación' },
  } as const;
  const fileNames = {
    financialAssistancePolicy: { 'en-US': 'financial-assistance-policy-SUN.pdf', 'es-ES': 'politica-de-ayuda-financiera-SUN.pdf' },
    billingRightsNotice: { 'en-US': 'billing-rights-notice-SUN.pdf', 'es-ES': 'aviso-de-derechos-de-facturacion-SUN.pdf' },
  } as const;

  it("downloads each document in each language, with the client's name and how to reach it", async () => {
    const anonymous = await browserFor('anonymous');
    for (const kind of ['financialAssistancePolicy', 'billingRightsNotice'] as const) {
      for (const language of ['en-US', 'es-ES'] as const) {
        const response = await anonymous.get(`/api/Documents/GetPublicDocument?kind=${kind}&clientCode=sun&language=${language}`);
        expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${fileNames[kind][language]}"`);
        // The same for everyone: the browser may keep it, never a shared cache (the answer may set a cookie).
        expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
        const { pages, text } = await pdfOf(response);
        expect(pages).toHaveLength(1);
        for (const shown of [titles[kind][language], 'Sunrise Laboratories', '1-800-555-0142', 'PO Box 4120', 'Springfield, IL 62704']) {
          expect(text, `${kind} ${language}`).toContain(shown);
        }
        expect(text).toContain(language === 'en-US' ? 'Contact us' : 'Contacto');
      }
    }
  });

  it("names the billing group's own address, and falls back to the code and the bill for a client that gave neither", async () => {
    const anonymous = await browserFor('anonymous');
    const delta = await pdfOf(await anonymous.get('/api/Documents/GetPublicDocument?kind=financialAssistancePolicy&clientCode=DLT&billingGroup=48'));
    expect(delta.text).toContain('Billing group 48');
    const zz = await pdfOf(await anonymous.get('/api/Documents/GetPublicDocument?kind=financialAssistancePolicy&clientCode=ZZ'));
    expect(zz.text).toContain('ZZ believes that nobody should go without care');
    expect(zz.text).toContain('Contact us using the details on your bill.');
  });

  it("is in the session's language when the link names none", async () => {
    const guest = await browserFor('guest', 'es-ES');
    const { text } = await pdfOf(await guest.get('/api/Documents/GetPublicDocument?kind=billingRightsNotice&clientCode=SUN'));
    expect(text).toContain('Sus derechos de facturación');
  });

  it('answers 404 for a client code that names none', async () => {
    expect(await (await browserFor('anonymous')).getJson('/api/Documents/GetPublicDocument?kind=billingRightsNotice&clientCode=QQQ')).toEqual({
      status: 404,
      body: { error: 'notFound' },
    });
  });

  it.each([
    '',
    '?clientCode=SUN',
    '?kind=billingRightsNotice',
    '?kind=resume&clientCode=SUN',
    '?kind=billingRightsNotice&clientCode=S',
    '?kind=billingRightsNotice&clientCode=SUN&language=fr-FR',
    '?kind=billingRightsNotice&clientCode=SUN&language=%FF%FE',
    '?kind=%00&clientCode=SUN',
    `?kind=billingRightsNotice&clientCode=SUN&billingGroup=${'9'.repeat(40)}`,
  ])('refuses the query "%s" with 400', async (query) => {
    expect(await (await browserFor('anonymous')).getJson(`/api/Documents/GetPublicDocument${query}`)).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
  });
});

describe('GET /api/Documents/GetStatementPdf', () => {
  it('shows the holder, the open invoices with dates, descriptions, amounts and balances, the total due and the recent payments', async () => {
    await storeDemoPayments();
    const response = await (await browserFor('user')).get('/api/Documents/GetStatementPdf?language=en-US');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="statement-A-100200-2026-03-01.pdf"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { pages, text } = await pdfOf(response);
    expect(pages).toHaveLength(1);
    // A long description wraps onto a second line, which reads on from the first.
    const read = text.replace(/\s+/g, ' ');
    for (const shown of [
      'Sunrise Laboratories',
      'Account statement',
      'March 1, 2026',
      'A-100200',
      'Pat Doe',
      'SUN-100031',
      'Jan 14, 2026',
      'Complete blood count (CBC) with differential',
      '$48.50',
      'SUN-100035',
      '$126.75',
      '$76.75',
      'Lipid panel',
      'Total due',
      '$188.45',
      'Recent payments',
      'P-PATNEWERAA',
      'Feb 15, 2026',
      'Mastercard ending in 4444',
      '$50.00',
      'P-PATOLDERAA',
      'Call us at 1-800-555-0142',
    ]) {
      expect(read).toContain(shown);
    }
    // Paid invoices are not open, and another account's payments are not listed.
    expect(text).not.toContain('SUN-100012');
    expect(text).not.toContain('P-GUESTPAIDA');
  });

  it("is in Spanish when asked, or when that is the session's language", async () => {
    const pat = await browserFor('user');
    const asked = await pat.get('/api/Documents/GetStatementPdf?language=es-ES');
    expect(asked.headers.get('content-disposition')).toBe('attachment; filename="extracto-A-100200-2026-03-01.pdf"');
    const { text } = await pdfOf(asked);
    for (const shown of ['Extracto de cuenta', '1 de marzo de 2026', 'Facturas pendientes', 'Total pendiente', '188,45', 'Todavía no hay pagos.']) {
      expect(text).toContain(shown);
    }
    const guest = await browserFor('guest', 'es-ES');
    expect((await pdfOf(await guest.get('/api/Documents/GetStatementPdf'))).text).toContain('Extracto de cuenta');
  });

  it.each(['?language=fr-FR', '?language=%FF%FE', '?language=%00'])('refuses the query %s with 400', async (query) => {
    expect(await (await browserFor('user')).getJson(`/api/Documents/GetStatementPdf${query}`)).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
  });
});

describe('odd query strings', () => {
  it('never make a documents call fail with a server error', async () => {
    const user = await browserFor('user');
    const anonymous = await browserFor('anonymous');
    const paths = ['/api/Documents/GetDocuments', '/api/Documents/GetPublicDocument', '/api/Documents/GetStatementPdf'];
    const queries = ['?%ZZ=%ZZ', '?clientCode=SUN&clientCode=DLT', '?kind=billingRightsNotice&kind=financialAssistancePolicy&clientCode=SUN', `?clientCode=${'A'.repeat(5000)}`, '?language=en-US&language=es-ES', '?kind[]=x'];
    for (const browser of [user, anonymous]) {
      for (const path of paths) {
        for (const query of queries) {
          expect((await browser.get(`${path}${query}`)).status, `${path}${query}`).toBeLessThan(500);
        }
      }
    }
  });
});
