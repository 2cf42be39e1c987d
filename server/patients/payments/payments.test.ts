import { and, asc, count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { paymentOptionsSchema, receiptSchema } from '@contracts/payments';
import type { PaymentRequest } from '@contracts/payment-request';
import { clients, invoices, outboxEmails, paymentLines, payments, savedBillingAddresses } from '../../db/schema';
import {
  DEMO_BILLING,
  DEMO_GUEST,
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  createTestCardFieldsApp,
  manualClock,
  recordingLogger,
  resetPayments,
  resetSessions,
  tokenizeTestCard,
  useSeededDatabase,
  type TestAppOptions,
} from '../../test/harness';
import { readPdf } from '../../test/pdf-text';
import { createThrottleService } from '../../core/throttle/throttle.service';
import { latestEmails } from '../../core/mail/outbox';
import { RECEIPT_RECIPIENT_POLICY } from '../../core/mail/recipient-limits';
import { createSandboxProcessor } from '../../core/processor/sandbox-processor';
import { canonicalJson } from '../../lib/canonical-json';
import { createPaymentsService, newConfirmationNumber, parseOpeningHours } from './payments.service';

const database = useSeededDatabase();

beforeEach(async () => {
  await resetSessions(database.db);
  await resetPayments(database.db);
});

const CARDS = {
  approve: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;
const CVC = '987';
const expYear = new Date().getUTCFullYear() + 2;

const billing = DEMO_BILLING;

let keyCounter = 0;
/** A fresh idempotency key, as the SPA makes one per payment. */
const newKey = () => `test-key-${String(Date.now())}-${String((keyCounter += 1))}`;

async function browserFor(who: 'pat' | 'patDelta' | 'guest' | 'disabled' | 'north' | 'harbor', options: TestAppOptions = {}) {
  const browser = await new TestBrowser(createTestApp(database.db, options)).open();
  const logins = {
    pat: () => browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' }),
    patDelta: () => browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'DLT', billingGroup: '52' }),
    guest: () => browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber, { clientCode: 'SUN' }),
    disabled: () => browser.login('disabled.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' }),
    north: () => browser.login('north.doe@example.com', DEMO_PASSWORD, { clientCode: 'NPP' }),
    harbor: () => browser.login('harbor.doe@example.com', DEMO_PASSWORD, { clientCode: 'HBR' }),
  };
  expect((await logins[who]()).status).toBe(200);
  return browser;
}

/** A card token from the sandbox processor (its own host, apart from the portal's), as its card-fields page would get one. */
function cardToken(number: string = CARDS.approve): Promise<string> {
  return tokenizeTestCard(database.db, { number, expMonth: 12, expYear, cvc: CVC });
}

function paymentBody(lines: PaymentRequest['lines'], token: string, billingInformation: PaymentRequest['billing'] = billing): PaymentRequest {
  return { lines, cardToken: token, billing: billingInformation, rememberAddress: false };
}

/** A payer's name as a person may type it: accents, CJK, and what looks like a tag. */
const TYPED_NAME = 'José Müller 山田 <b>x</b>';

async function pay(browser: TestBrowser, key: string | undefined, body: unknown, options: { xsrf?: 'none' } = {}) {
  const response = await browser.post('/api/OnlinePayment/MakePayment', body, {
    ...options,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Every payment, payment line and balance: what "nothing changed" compares. */
async function ledger() {
  const [paymentCount] = await database.db.select({ n: count() }).from(payments);
  const [lineCount] = await database.db.select({ n: count() }).from(paymentLines);
  const balances = await database.db
    .select({ invoiceNumber: invoices.invoiceNumber, balanceCents: invoices.balanceCents })
    .from(invoices)
    .orderBy(asc(invoices.invoiceNumber));
  return { payments: paymentCount?.n ?? 0, lines: lineCount?.n ?? 0, balances: Object.fromEntries(balances.map((b) => [b.invoiceNumber, b.balanceCents])) };
}

async function balanceOf(invoiceNumber: string) {
  return (await ledger()).balances[invoiceNumber];
}

describe('POST /api/OnlinePayment/MakePayment', () => {
  it('pays invoices in full and in part, lowers their balances and answers the receipt', async () => {
    const browser = await browserFor('pat');
    const token = await cardToken();
    const { status, body } = await pay(
      browser,
      newKey(),
      paymentBody(
        [
          { invoiceNumber: 'SUN-100031', amountCents: 4850 },
          { invoiceNumber: 'sun-100035 ', amountCents: 1000 },
        ],
        token,
      ),
    );
    expect(status).toBe(200);
    const receipt = v.parse(receiptSchema, body);
    expect(receipt.confirmationNumber).toMatch(/^P-[A-Z2-7]{10}$/);
    expect(receipt).toMatchObject({
      accountNumber: 'A-100200',
      holderName: 'Pat Doe',
      totalCents: 5850,
      cardBrand: 'visa',
      cardLast4: '4242',
      payerName: 'Pat Doe',
      email: 'pat.doe@example.com',
      lines: [
        { invoiceNumber: 'SUN-100031', description: 'Complete blood count (CBC) with differential', amountCents: 4850, balanceAfterCents: 0 },
        { invoiceNumber: 'SUN-100035', description: 'Comprehensive metabolic panel', amountCents: 1000, balanceAfterCents: 6675 },
      ],
    });
    expect(Math.abs(Date.parse(receipt.paidAt) - Date.now())).toBeLessThan(60_000);

    const information = (await browser.getJson('/api/OnlinePayment/GetAccountInformation')).body as { invoices: { invoiceNumber: string; balanceCents: number }[]; totalDueCents: number };
    expect(information.invoices.map((invoice) => [invoice.invoiceNumber, invoice.balanceCents])).toEqual([
      ['SUN-100035', 6675],
      ['SUN-100039', 6320],
    ]);
    expect(information.totalDueCents).toBe(6675 + 6320);
  });

  it('charges once for 20 concurrent submissions with one key, and answers them all the same receipt', async () => {
    const browser = await browserFor('pat');
    const key = newKey();
    const body = paymentBody([{ invoiceNumber: 'SUN-100039', amountCents: 2000 }], await cardToken());

    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(browser, key, body)));

    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(200));
    const numbers = new Set(answers.map((answer) => v.parse(receiptSchema, answer.body).confirmationNumber));
    expect(numbers.size).toBe(1);
    const after = await ledger();
    expect(after.payments).toBe(1);
    expect(after.lines).toBe(1);
    expect(after.balances['SUN-100039']).toBe(6320 - 2000);

    // Later, the same key and body (a retry after a lost answer) give the same receipt again.
    const again = await pay(browser, key, body);
    expect(again).toEqual({ status: 200, body: answers[0]?.body });
    expect(await ledger()).toEqual(after);
  });

  it('refuses the same key with another body (409) and changes nothing', async () => {
    const browser = await browserFor('pat');
    const key = newKey();
    const token = await cardToken();
    expect((await pay(browser, key, paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], token))).status).toBe(200);
    const before = await ledger();
    for (const body of [
      paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 101 }], token),
      paymentBody([{ invoiceNumber: 'SUN-100039', amountCents: 100 }], token),
      { ...paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], token), billing: { ...billing, city: 'Chicago' } },
    ]) {
      expect(await pay(browser, key, body)).toEqual({ status: 409, body: { error: 'idempotencyKeyReused' } });
    }
    expect(await ledger()).toEqual(before);
  });

  it('keeps one key apart per account: another account may use the same key', async () => {
    const pat = await browserFor('pat');
    const guest = await browserFor('guest');
    const key = newKey();
    expect((await pay(pat, key, paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], await cardToken()))).status).toBe(200);
    expect((await pay(guest, key, paymentBody([{ invoiceNumber: 'SUN-100042', amountCents: 100 }], await cardToken()))).status).toBe(200);
    expect((await ledger()).payments).toBe(2);
  });

  it('refuses more than the balance (422 amountExceedsBalance) and changes nothing', async () => {
    const browser = await browserFor('pat');
    const token = await cardToken();
    const before = await ledger();
    expect(
      await pay(browser, newKey(), paymentBody([{ invoiceNumber: 'SUN-100035', amountCents: 7676 }], token)),
    ).toEqual({ status: 422, body: { error: 'amountExceedsBalance' } });
    expect(
      await pay(
        browser,
        newKey(),
        paymentBody(
          [
            { invoiceNumber: 'SUN-100031', amountCents: 4850 },
            { invoiceNumber: 'SUN-100039', amountCents: 6321 },
          ],
          token,
        ),
      ),
    ).toEqual({ status: 422, body: { error: 'amountExceedsBalance' } });
    expect(await ledger()).toEqual(before);
    // Nothing was charged, so the card token is still good.
    expect((await pay(browser, newKey(), paymentBody([{ invoiceNumber: 'SUN-100035', amountCents: 7675 }], token))).status).toBe(200);
    expect(await balanceOf('SUN-100035')).toBe(0);
  });

  it("refuses another account's or another client's invoice, a paid one, or one twice, and changes nothing", async () => {
    const pat = await browserFor('pat');
    const token = await cardToken();
    const before = await ledger();
    const refused = async (lines: PaymentRequest['lines']) => pay(pat, newKey(), paymentBody(lines, token));
    // The SUN guest's invoice, while signed in as pat.doe under SUN.
    expect(await refused([{ invoiceNumber: 'SUN-100042', amountCents: 100 }])).toEqual({ status: 422, body: { error: 'invoiceNotOpen' } });
    // pat.doe's own DLT invoice, but the session is under SUN.
    expect(await refused([{ invoiceNumber: 'DLT-520031', amountCents: 100 }])).toEqual({ status: 422, body: { error: 'invoiceNotOpen' } });
    // A paid invoice and one that does not exist.
    expect(await refused([{ invoiceNumber: 'SUN-100012', amountCents: 100 }])).toEqual({ status: 422, body: { error: 'invoiceNotOpen' } });
    expect(await refused([{ invoiceNumber: 'SUN-999999', amountCents: 100 }])).toEqual({ status: 422, body: { error: 'invoiceNotOpen' } });
    // One the billing office closed (a full statement no longer names it), whatever balance it kept.
    await database.db.update(invoices).set({ closedAt: new Date() }).where(eq(invoices.invoiceNumber, 'SUN-100039'));
    try {
      expect(await refused([{ invoiceNumber: 'SUN-100039', amountCents: 100 }])).toEqual({ status: 422, body: { error: 'invoiceNotOpen' } });
    } finally {
      await database.db.update(invoices).set({ closedAt: null }).where(eq(invoices.invoiceNumber, 'SUN-100039'));
    }
    // One good line does not carry a bad one.
    expect(
      await refused([
        { invoiceNumber: 'SUN-100031', amountCents: 100 },
        { invoiceNumber: 'SUN-100042', amountCents: 100 },
      ]),
    ).toEqual({ status: 422, body: { error: 'invoiceNotOpen' } });
    expect(
      await refused([
        { invoiceNumber: 'SUN-100031', amountCents: 100 },
        { invoiceNumber: 'sun-100031', amountCents: 100 },
      ]),
    ).toEqual({ status: 422, body: { error: 'invalidRequest' } });
    expect(await ledger()).toEqual(before);

    // The guest, the other way round.
    const guest = await browserFor('guest');
    expect(
      await pay(guest, newKey(), paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], await cardToken())),
    ).toEqual({ status: 422, body: { error: 'invoiceNotOpen' } });
    expect(await ledger()).toEqual(before);
  });

  it('refuses a malformed body or idempotency key with 400 and changes nothing', async () => {
    const browser = await browserFor('pat');
    const token = await cardToken();
    const good = paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], token);
    const before = await ledger();
    const badBodies: unknown[] = [
      '{"lines": [',
      'null',
      {},
      { ...good, lines: [] },
      { ...good, lines: [{ invoiceNumber: 'SUN-100031', amountCents: 0 }] },
      { ...good, lines: [{ invoiceNumber: 'SUN-100031', amountCents: -100 }] },
      { ...good, lines: [{ invoiceNumber: 'SUN-100031', amountCents: 10.5 }] },
      { ...good, lines: [{ invoiceNumber: 'SUN-100031', amountCents: '100' }] },
      { ...good, lines: [{ invoiceNumber: '', amountCents: 100 }] },
      { ...good, cardToken: '4242424242424242' },
      { ...good, billing: { ...billing, email: 'not an email' } },
      { ...good, billing: { ...billing, payerName: '   ' } },
      { lines: good.lines, cardToken: token },
    ];
    // Each answer also names the fields (http/fuzz.test.ts checks those); here: refused, nothing changed.
    for (const body of badBodies) {
      expect(await pay(browser, newKey(), body)).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
    }
    for (const key of [undefined, '', 'short', 'has spaces in it', 'x'.repeat(65), 'key_with_underscore']) {
      expect(await pay(browser, key, good)).toEqual({ status: 400, body: { error: 'invalidRequest' } });
    }
    expect(await ledger()).toEqual(before);
  });

  it('refuses a request without the anti-forgery header (403) and an anonymous one (401)', async () => {
    const browser = await browserFor('pat');
    const body = paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], await cardToken());
    const before = await ledger();
    expect(await pay(browser, newKey(), body, { xsrf: 'none' })).toEqual({ status: 403, body: { error: 'xsrf' } });
    const anonymous = await new TestBrowser(createTestApp(database.db)).open();
    expect(await pay(anonymous, newKey(), body)).toEqual({ status: 401, body: { error: 'notSignedIn' } });
    expect(await ledger()).toEqual(before);
  });

  it('refuses a disabled account, a client that does not take online payments and one with its own card page (403)', async () => {
    const disabled = await browserFor('disabled');
    expect(
      await pay(disabled, newKey(), paymentBody([{ invoiceNumber: 'SUN-100027', amountCents: 100 }], await cardToken())),
    ).toEqual({ status: 403, body: { error: 'accountDisabled' } });
    const north = await browserFor('north');
    expect(
      await pay(north, newKey(), paymentBody([{ invoiceNumber: 'NPP-200018', amountCents: 100 }], await cardToken())),
    ).toEqual({ status: 403, body: { error: 'onlinePaymentsNotAccepted' } });
    const harbor = await browserFor('harbor');
    expect(
      await pay(harbor, newKey(), paymentBody([{ invoiceNumber: 'HBR-300011', amountCents: 100 }], await cardToken())),
    ).toEqual({ status: 403, body: { error: 'onlinePaymentsNotAccepted' } });
    expect(await balanceOf('SUN-100027')).toBe(7800);
    expect(await balanceOf('NPP-200018')).toBe(18500);
    expect(await balanceOf('HBR-300011')).toBe(14200);
    expect((await ledger()).payments).toBe(0);
  });

  it('answers a declined card or insufficient funds with 402, changes nothing, and spends the token', async () => {
    const browser = await browserFor('guest');
    const key = newKey();
    const before = await ledger();
    for (const [number, error] of [
      [CARDS.decline, 'cardDeclined'],
      [CARDS.insufficientFunds, 'insufficientFunds'],
    ] as const) {
      const body = paymentBody([{ invoiceNumber: 'SUN-100042', amountCents: 5400 }], await cardToken(number));
      expect(await pay(browser, key, body)).toEqual({ status: 402, body: { error } });
      expect(await ledger()).toEqual(before);
      // The token is single-use, whatever became of its charge.
      expect(await pay(browser, newKey(), body)).toEqual({ status: 422, body: { error: 'cardTokenInvalid' } });
    }
    expect(await ledger()).toEqual(before);

    // Nothing was stored under the key: another card pays with the same key.
    const paid = await pay(browser, key, paymentBody([{ invoiceNumber: 'SUN-100042', amountCents: 5400 }], await cardToken()));
    expect(paid.status).toBe(200);
    expect(await balanceOf('SUN-100042')).toBe(0);
  });

  it('refuses an unknown, spent or expired card token (422 cardTokenInvalid)', async () => {
    const clock = manualClock(new Date().toISOString());
    const browser = await browserFor('pat', { now: clock.now, sessionIdleSeconds: 3600 });
    const line = [{ invoiceNumber: 'SUN-100031', amountCents: 100 }];
    expect(await pay(browser, newKey(), paymentBody(line, 'tok_doesnotexist1234'))).toEqual({ status: 422, body: { error: 'cardTokenInvalid' } });

    const token = await cardToken();
    expect((await pay(browser, newKey(), paymentBody(line, token))).status).toBe(200);
    expect(await pay(browser, newKey(), paymentBody(line, token))).toEqual({ status: 422, body: { error: 'cardTokenInvalid' } });

    const late = await cardToken();
    // The token's life runs from when the sandbox issued it, on the real clock: past it, however long the steps above took.
    clock.advanceSeconds((Date.now() - clock.now().getTime()) / 1000 + 15 * 60 + 1);
    expect(await pay(browser, newKey(), paymentBody(line, late))).toEqual({ status: 422, body: { error: 'cardTokenInvalid' } });
    expect(await balanceOf('SUN-100031')).toBe(4850 - 100);
  });

  it('keeps the card number and CVC out of every table and every log line', async () => {
    const logger = recordingLogger();
    const browser = await browserFor('pat', { logger });
    // Failures too: a mistyped card, an unreadable body, a refused charge.
    const processor = new TestBrowser(createTestCardFieldsApp(database.db, { logger }));
    await processor.post('/processor/tokens', `{"number":"${CARDS.approve}","cvc":"${CVC}"`, { xsrf: 'none' });
    await processor.post('/processor/tokens', { number: '4242424242424241', expMonth: 12, expYear, cvc: CVC }, { xsrf: 'none' });
    await pay(browser, newKey(), paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], await cardToken(CARDS.decline)));
    const paid = await pay(browser, newKey(), paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], await cardToken()));
    expect(paid.status).toBe(200);

    const rowsOf = async <S extends v.GenericSchema>(row: S, query: ReturnType<typeof sql>) =>
      v.parse(v.object({ rows: v.array(row) }), await database.db.execute(query)).rows;
    const columns = await rowsOf(
      v.object({ table_name: v.string(), column_name: v.string() }),
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(20);
    const values: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const rows = await rowsOf(
        v.object({ value: v.nullable(v.string()) }),
        sql`select ${sql.identifier(column)}::text as value from ${sql.identifier(table)}`,
      );
      for (const row of rows) if (row.value !== null) values.push(row.value);
    }
    expect(values).toContain('4242'); // the last four are kept, so the dump did reach the tables
    const digitsOnly = (text: string) => text.replace(/\D/g, '');
    for (const value of values) {
      for (const number of Object.values(CARDS)) {
        expect(value).not.toContain(number);
        expect(digitsOnly(value)).not.toContain(digitsOnly(number));
      }
      // Hex digests may hold any three digits by chance; a stored CVC would be a value of its own.
      expect(value).not.toBe(CVC);
      expect(value.toLowerCase()).not.toContain('cvc');
    }
    expect(logger.lines.join('\n')).not.toMatch(/4242|0002|9995|987/);
  });
});

describe('GET /api/OnlinePayment/GetReceipt and GetReceiptPdf', () => {
  async function paidReceipt(payerName: string = billing.payerName) {
    const browser = await browserFor('pat');
    const { body } = await pay(
      browser,
      newKey(),
      paymentBody(
        [
          { invoiceNumber: 'SUN-100031', amountCents: 4850 },
          { invoiceNumber: 'SUN-100035', amountCents: 2500 },
        ],
        await cardToken(),
        { ...billing, payerName },
      ),
    );
    return { browser, receipt: v.parse(receiptSchema, body) };
  }

  async function receiptPdf(browser: TestBrowser, confirmationNumber: string, language: 'en-US' | 'es-ES') {
    const response = await browser.get(`/api/OnlinePayment/GetReceiptPdf?confirmationNumber=${confirmationNumber}&language=${language}`);
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  it('gives the payer the receipt again, and nobody else', async () => {
    const { browser, receipt } = await paidReceipt();
    const path = `/api/OnlinePayment/GetReceipt?confirmationNumber=${receipt.confirmationNumber}`;
    expect(await browser.getJson(path)).toEqual({ status: 200, body: receipt });
    // Typed by hand from a printed receipt: case does not matter.
    expect(await browser.getJson(`/api/OnlinePayment/GetReceipt?confirmationNumber=${receipt.confirmationNumber.toLowerCase()}`)).toEqual({ status: 200, body: receipt });
    expect(await browser.getJson('/api/OnlinePayment/GetReceipt?confirmationNumber=P-AAAAAAAAAA')).toEqual({ status: 404, body: { error: 'notFound' } });
    expect((await browser.getJson('/api/OnlinePayment/GetReceipt')).status).toBe(400);

    for (const other of [await browserFor('guest'), await browserFor('patDelta')]) {
      expect(await other.getJson(path)).toEqual({ status: 404, body: { error: 'notFound' } });
      const pdf = await other.get(`/api/OnlinePayment/GetReceiptPdf?confirmationNumber=${receipt.confirmationNumber}`);
      expect(pdf.status).toBe(404);
    }
    const anonymous = await new TestBrowser(createTestApp(database.db)).open();
    expect((await anonymous.getJson(path)).status).toBe(401);
  });

  it('downloads the receipt as a PDF with the confirmation number, the lines and the card, in English or Spanish', async () => {
    const { browser, receipt } = await paidReceipt();
    const response = await browser.get(`/api/OnlinePayment/GetReceiptPdf?confirmationNumber=${receipt.confirmationNumber}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${receipt.confirmationNumber}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const english = await pdfText(bytes);
    for (const text of [
      'Sunrise Laboratories',
      'Payment receipt',
      receipt.confirmationNumber,
      'A-100200',
      'Pat Doe',
      'SUN-100031',
      'Complete blood count (CBC) with differential',
      '$48.50',
      '$25.00',
      '$51.75',
      '$73.50',
      'Visa ending in 4242',
      'UTC',
    ]) {
      expect(english).toContain(text);
    }

    const spanish = await pdfText(
      new Uint8Array(
        await (await browser.get(`/api/OnlinePayment/GetReceiptPdf?confirmationNumber=${receipt.confirmationNumber}&language=es-ES`)).arrayBuffer(),
      ),
    );
    for (const text of ['Justificante de pago', 'Número de confirmación', 'Descripción', 'Visa terminada en 4242', '73,50']) {
      expect(spanish).toContain(text);
    }
    expect((await browser.get(`/api/OnlinePayment/GetReceiptPdf?confirmationNumber=${receipt.confirmationNumber}&language=fr-FR`)).status).toBe(400);
  });

  it("shows the payer's name in the PDF as typed (accents, CJK and a tag alike) in both languages, with a small embedded font", async () => {
    // Typed with combining accents and spaces around: stored and shown composed (NFC) and trimmed.
    const { browser, receipt } = await paidReceipt(`  Jose\u0301 Mu\u0308ller 山田 <b>x</b> `);
    expect(receipt.payerName).toBe(TYPED_NAME);
    for (const language of ['en-US', 'es-ES'] as const) {
      const bytes = await receiptPdf(browser, receipt.confirmationNumber, language);
      const text = await pdfText(bytes);
      expect(text).toContain(TYPED_NAME);
      expect(text).toContain(language === 'en-US' ? 'Paid by' : 'Pagado por');
      expect(text).not.toContain('?');
      expect(text).not.toMatch(/cannot be shown|no se pueden mostrar/);
      // Only the glyphs used are embedded: the CJK font alone is megabytes.
      expect(bytes.length).toBeLessThan(100_000);
    }
  });

  it('says plainly in the PDF, in its language, when no font it has can show some characters of a name', async () => {
    const { browser, receipt } = await paidReceipt('Ali علي Müller');
    const english = await pdfText(await receiptPdf(browser, receipt.confirmationNumber, 'en-US'));
    expect(english).toContain('Ali ');
    expect(english).toContain(' Müller');
    expect(english).not.toContain('?');
    // The notice wraps onto lines of its own under the name.
    expect(english.replace(/\s+/g, ' ')).toContain(
      'Some characters of this name cannot be shown in this PDF; the receipt page and the receipt email show it in full.',
    );
    const spanish = await pdfText(await receiptPdf(browser, receipt.confirmationNumber, 'es-ES'));
    expect(spanish.replace(/\s+/g, ' ')).toContain(
      'Algunos caracteres de este nombre no se pueden mostrar en este PDF; la página y el correo del justificante lo muestran completo.',
    );
  });
});

describe('GET /api/OnlinePayment/GetPaymentOptions', () => {
  it("lists the session client's other ways to pay, for users and guests, even without online payments", async () => {
    for (const who of ['pat', 'guest'] as const) {
      const { status, body } = await (await browserFor(who)).getJson('/api/OnlinePayment/GetPaymentOptions');
      expect(status).toBe(200);
      expect(v.parse(paymentOptionsSchema, body)).toMatchObject({
        clientName: 'Sunrise Laboratories',
        mail: { payableTo: 'Sunrise Laboratories', addressLines: ['Attn: Patient Billing', 'PO Box 4120', 'Springfield, IL 62704'] },
        phone: {
          number: '1-800-555-0142',
          hours: { fromDay: 1, toDay: 5, opens: '08:00', closes: '18:00', timeZone: 'America/Chicago' },
        },
      });
    }
    const north = v.parse(paymentOptionsSchema, (await (await browserFor('north')).getJson('/api/OnlinePayment/GetPaymentOptions')).body);
    expect(north.clientName).toBe('Northpoint Pathology');
    expect(north.mail?.payableTo).toBe('Northpoint Pathology');
    const delta = v.parse(paymentOptionsSchema, (await (await browserFor('patDelta')).getJson('/api/OnlinePayment/GetPaymentOptions')).body);
    expect(delta.mail?.addressLines[0]).toBe('Billing group 52');
    expect((await (await browserFor('harbor')).getJson('/api/OnlinePayment/GetPaymentOptions')).status).toBe(200);
  });

  it('refuses a disabled account and an anonymous visitor', async () => {
    expect(await (await browserFor('disabled')).getJson('/api/OnlinePayment/GetPaymentOptions')).toEqual({ status: 403, body: { error: 'accountDisabled' } });
    const anonymous = await new TestBrowser(createTestApp(database.db)).open();
    expect((await anonymous.getJson('/api/OnlinePayment/GetPaymentOptions')).status).toBe(401);
  });

  it('answers null for the ways a client does not offer (ZZ offers none)', async () => {
    const [zz] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'ZZ'));
    const service = createPaymentsService({ db: database.db, processorFor: createSandboxProcessor({ db: database.db, now: () => new Date() }).processorFor, throttle: createThrottleService({ db: database.db, now: () => new Date() }), now: () => new Date() });
    expect(await service.paymentOptions({ clientId: zz?.id ?? -1 })).toEqual({ clientName: 'ZZ', mail: null, phone: null });
    expect(await service.paymentOptions({ clientId: -1 })).toBeNull();
  });
});

describe('payment helpers', () => {
  it('make confirmation numbers of P- and 10 base32 characters, different each time', () => {
    const numbers = new Set(Array.from({ length: 200 }, newConfirmationNumber));
    expect(numbers.size).toBe(200);
    for (const number of numbers) expect(number).toMatch(/^P-[A-Z2-7]{10}$/);
  });

  it('write the same canonical JSON whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }] })).toBe(canonicalJson({ a: [{ c: null, d: 'x' }], b: 1 }));
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });

  it('stores each line against the invoice under the same client (the database refuses a crossed one)', async () => {
    const browser = await browserFor('pat');
    const { body } = await pay(browser, newKey(), paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], await cardToken()));
    const receipt = v.parse(receiptSchema, body);
    const [payment] = await database.db.select().from(payments).where(eq(payments.confirmationNumber, receipt.confirmationNumber));
    const [delta] = await database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, 'DLT-520031'));
    await expect(
      database.db.insert(paymentLines).values({
        paymentId: payment?.id ?? -1,
        clientId: payment?.clientId ?? -1,
        invoiceId: delta?.id ?? -1,
        amountCents: 1,
        balanceAfterCents: 0,
      }),
    ).rejects.toThrow();
    const lines = await database.db.select().from(paymentLines).where(and(eq(paymentLines.paymentId, payment?.id ?? -1)));
    expect(lines).toHaveLength(1);
  });
});

/** The text a PDF shows, one line per text object. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdf(bytes)).text;
}

describe('opening hours of the phone line', () => {
  it('are read from their stored form, and anything else is no hours rather than a wrong answer', () => {
    expect(parseOpeningHours('1-4 08:30-16:30 America/Chicago')).toEqual({
      fromDay: 1,
      toDay: 4,
      opens: '08:30',
      closes: '16:30',
      timeZone: 'America/Chicago',
    });
    for (const stored of [null, '', 'Monday to Friday, 9 to 5', '0-5 08:00-18:00 America/Chicago', '1-5 8:00-18:00 America/Chicago']) {
      expect(parseOpeningHours(stored)).toBeNull();
    }
  });
});

describe('the receipt email', () => {
  async function outbox() {
    return database.db.select().from(outboxEmails).orderBy(asc(outboxEmails.id));
  }

  it('goes once to the payer, with the confirmation number and what was paid, and never for a refused card', async () => {
    const browser = await browserFor('pat');
    const declined = paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 4850 }], await cardToken(CARDS.decline));
    expect((await pay(browser, newKey(), declined)).status).toBe(402);
    expect(await outbox()).toEqual([]);

    const key = newKey();
    const body = paymentBody([{ invoiceNumber: 'SUN-100031', amountCents: 4850 }], await cardToken());
    const first = v.parse(receiptSchema, (await pay(browser, key, body)).body);
    expect((await pay(browser, key, body)).status).toBe(200);

    const emails = await outbox();
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email?.toAddress).toBe(billing.email);
    expect(email?.subject).toBe(`Sunrise Laboratories: Payment receipt ${first.confirmationNumber}`);
    expect(email?.body).toContain('SUN-100031  Complete blood count (CBC) with differential');
    expect(email?.body).toContain('Total paid: $48.50');
    expect(email?.body).toContain('Visa ending in 4242');
    // Said to the sender, which labels the message (Content-Language) and its HTML part with it.
    expect(email?.language).toBe('en-US');
  });

  it('is listed on the development page, which production does not have', async () => {
    const browser = await browserFor('pat');
    const body = paymentBody([{ invoiceNumber: 'SUN-100039', amountCents: 500 }], await cardToken());
    const receipt = v.parse(receiptSchema, (await pay(browser, newKey(), body)).body);
    // The outbox answers only the same machine (see mail/outbox.test.ts).
    const page = await createTestApp(database.db).request('/dev/outbox', {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(receipt.confirmationNumber);
    expect(html).toContain('pat.doe@example.com');
    expect(
      (
        await createTestApp(database.db, { developmentPages: false }).request('/dev/outbox', {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } })
      ).status,
    ).toBe(404);
  });

  it("carries the payer's name as typed, and the development page shows it as text, not markup", async () => {
    const browser = await browserFor('pat');
    const body = paymentBody([{ invoiceNumber: 'SUN-100039', amountCents: 500 }], await cardToken(), { ...billing, payerName: TYPED_NAME });
    expect((await pay(browser, newKey(), body)).status).toBe(200);
    const [email] = await outbox();
    expect(email?.body).toContain(`Paid by: ${TYPED_NAME}, Visa ending in 4242`);
    const page = await createTestApp(database.db).request('/dev/outbox', {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
    const html = await page.text();
    expect(html).toContain('Paid by: José Müller 山田 &#60;b&#62;x&#60;/b&#62;, Visa ending in 4242');
    expect(html).not.toContain('<b>x</b>');
  });

  it('goes to an address that payers type at most ten times an hour, across payers, and the payments beyond still go through', async () => {
    const victim = 'billing.victim@example.org';
    const clock = manualClock();
    const guest = await browserFor('guest', { now: clock.now });
    const pat = await browserFor('pat', { now: clock.now });
    const payments: { payer: TestBrowser; confirmationNumber: string }[] = [];
    for (let index = 0; index < RECEIPT_RECIPIENT_POLICY.freeFailures + 2; index++) {
      // The guest and pat (typing an address not his own) take turns.
      const [payer, invoiceNumber] = index % 2 === 0 ? [guest, 'SUN-100042'] : [pat, 'SUN-100039'];
      const body = paymentBody([{ invoiceNumber, amountCents: 100 }], await cardToken(), { ...billing, email: victim });
      const answer = await pay(payer, newKey(), body);
      expect(answer.status).toBe(200);
      payments.push({ payer, confirmationNumber: v.parse(receiptSchema, answer.body).confirmationNumber });
    }
    const toVictim = async () => (await latestEmails(database.db, 500)).filter((email) => email.toAddress === victim);
    expect(await toVictim()).toHaveLength(RECEIPT_RECIPIENT_POLICY.freeFailures);
    // The receipts not emailed are still the payers' to see.
    for (const { payer, confirmationNumber } of payments.slice(-2)) {
      const again = await payer.getJson(`/api/OnlinePayment/GetReceipt?confirmationNumber=${confirmationNumber}`);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ confirmationNumber, email: victim });
    }
    expect((await ledger()).payments).toBe(RECEIPT_RECIPIENT_POLICY.freeFailures + 2);

    // An hour on, the address gets receipts again.
    clock.advanceSeconds(RECEIPT_RECIPIENT_POLICY.windowSeconds + 1);
    const later = await browserFor('guest', { now: clock.now });
    const body = paymentBody([{ invoiceNumber: 'SUN-100042', amountCents: 100 }], await cardToken(), { ...billing, email: victim });
    expect((await pay(later, newKey(), body)).status).toBe(200);
    expect(await toVictim()).toHaveLength(RECEIPT_RECIPIENT_POLICY.freeFailures + 1);
  });

  it("always goes to the signed-in user's own address, however many invoices they pay one by one", async () => {
    const pat = await browserFor('pat');
    const count = RECEIPT_RECIPIENT_POLICY.freeFailures + 2;
    for (let index = 0; index < count; index++) {
      const body = paymentBody([{ invoiceNumber: 'SUN-100039', amountCents: 100 }], await cardToken(), { ...billing, email: ' Pat.Doe@Example.com ' });
      expect((await pay(pat, newKey(), body)).status).toBe(200);
    }
    expect((await latestEmails(database.db, 500)).filter((email) => email.toAddress.trim().toLowerCase() === 'pat.doe@example.com')).toHaveLength(count);
  });

  it('is written in the language of the session', async () => {
    const browser = await browserFor('pat');
    expect((await browser.post('/api/user/UpdateTranslationLanguage', { language: 'es-ES' })).status).toBe(200);
    const body = paymentBody([{ invoiceNumber: 'SUN-100039', amountCents: 500 }], await cardToken());
    const receipt = v.parse(receiptSchema, (await pay(browser, newKey(), body)).body);
    const [email] = await outbox();
    expect(email?.subject).toBe(`Sunrise Laboratories: Justificante de pago ${receipt.confirmationNumber}`);
    expect(email?.body).toContain('Total pagado: 5,00');
  });
});

describe('the billing address remembered for next time', () => {
  const SAVED = '/api/OnlinePayment/GetSavedBillingAddress';
  const FORGET = '/api/OnlinePayment/ForgetSavedBillingAddress';
  const address = { addressLine1: '9 Elm Street', addressLine2: 'Apt 2', city: 'Shelbyville', region: 'IL', postalCode: '62565', country: 'US' };
  const remembering = async (lines: PaymentRequest['lines'], remember: boolean) => ({
    ...paymentBody(lines, await cardToken()),
    billing: { ...billing, ...address },
    rememberAddress: remember,
  });

  it('keeps the address of a payment made with the consent, for that user under that client only, and never the card', async () => {
    const pat = await browserFor('pat');
    expect(await pat.getJson(SAVED)).toEqual({ status: 200, body: { address: null } });
    expect((await pay(pat, newKey(), await remembering([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], true))).status).toBe(200);
    const saved = await pat.getJson(SAVED);
    expect(saved).toEqual({ status: 200, body: { address } });
    expect(JSON.stringify(saved.body)).not.toMatch(/4242|tok_|Pat Doe|pat\.doe/);

    // The same user under another client, and the account's guest, have none.
    expect((await (await browserFor('patDelta')).getJson(SAVED)).body).toEqual({ address: null });
    expect((await (await browserFor('guest')).getJson(SAVED)).body).toEqual({ address: null });
    expect((await (await browserFor('north')).getJson(SAVED)).body).toEqual({ address: null });
  });

  it('never keeps a guest’s address, whatever the request says', async () => {
    const guest = await browserFor('guest');
    const body = await remembering([{ invoiceNumber: DEMO_GUEST.invoiceNumber, amountCents: 100 }], true);
    expect((await pay(guest, newKey(), body)).status).toBe(200);
    expect((await guest.getJson(SAVED)).body).toEqual({ address: null });
    const [kept] = await database.db.select({ rows: count() }).from(savedBillingAddresses);
    expect(kept?.rows).toBe(0);
    // Forgetting is a billing user's: a guest is refused.
    expect((await guest.post(FORGET)).status).toBe(403);
  });

  it('forgets it when unticked (at once, or with the next payment), and only with the anti-forgery header', async () => {
    const pat = await browserFor('pat');
    expect((await pay(pat, newKey(), await remembering([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], true))).status).toBe(200);
    expect((await pat.post(FORGET, undefined, { xsrf: 'none' })).status).toBe(403);
    expect((await pat.getJson(SAVED)).body).toEqual({ address });
    expect((await pat.post(FORGET)).status).toBe(204);
    expect((await pat.getJson(SAVED)).body).toEqual({ address: null });

    expect((await pay(pat, newKey(), await remembering([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], true))).status).toBe(200);
    expect((await pay(pat, newKey(), await remembering([{ invoiceNumber: 'SUN-100031', amountCents: 100 }], false))).status).toBe(200);
    expect((await pat.getJson(SAVED)).body).toEqual({ address: null });
  });

  it('asks for a session: nobody signed in gets 401', async () => {
    const anonymous = await new TestBrowser(createTestApp(database.db)).open();
    expect((await anonymous.get(SAVED)).status).toBe(401);
    expect((await anonymous.post(FORGET)).status).toBe(401);
  });
});
