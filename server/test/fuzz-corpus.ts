/** What the fuzz tests send: bad texts and types, bodies and queries of every kind. */
import { DEMO_GUEST, DEMO_PASSWORD } from './harness';

export const texts = ['\u0000', 'a\u0000b', 'SUN-100042\u0000', '\u0007\u001b[2J', '\u202e\ud800', 'x'.repeat(20000), '', ' ', '%00', "'; drop table users; --"];
export const wrongTypes: unknown[] = [null, 0, -1, 1e308, true, [], {}, ['a'], { nested: { deeper: 'x' } }];

/**
 * Values no query or path parameter holds: days that do not exist or lie outside the bounds
 * (contracts/bounds.ts: 2000-01-01 to 2100-12-31), dates written another way, numbers too large
 * for PostgreSQL's integer or for JavaScript, negative, fractional, written in another notation.
 */
export const impossibleValues = [
  '2026-02-31', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32', '2026-99-99',
  '0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31', '+002026-01-01', '-002026-01-01', '+275760-09-13',
  '2026-1-1', '20260101', '2026-01-01T00:00:00Z', '2026-01-01 ', '2026/01/01', '01/02/2026',
  '9999999999', '2147483648', '99999999999999999999', '1e308', '-1', '-2147483649', '0', '-0', '1.5', '1e3', 'NaN', 'Infinity', '0x10', '\u0661\u0662',
];

/** Path parameters (ids, numbers, prefixes) that name nothing or cannot be read. */
export const badPathValues = ['0', '-1', '999999999', '2147483648', '99999999999', '1e3', 'abc', '%00', '%ZZ', '%E2%80%AE', '%ED%A0%80', 'x'.repeat(300)];

/** The text fields of every request the API reads, so each gets each bad value. */
const fieldNames = [
  'email', 'password', 'language', 'clientCode', 'billingGroup', 'accountNumber', 'invoiceNumber',
  'cardToken', 'lines', 'billing', 'number', 'cvc', 'expMonth', 'expYear', 'confirmationNumber',
  'firstName', 'lastName', 'company', 'newEmail', 'token',
];
const billingFields = ['payerName', 'addressLine1', 'addressLine2', 'city', 'region', 'postalCode', 'country', 'email'];

function deeplyNested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** The bodies to send to one POST endpoint. */
export function bodies(): (string | object)[] {
  const out: (string | object)[] = ['', 'not json', '{', '{"a":', '\u0000', 'null', '[]', '"text"', deeplyNested(5000), `{"a":${deeplyNested(3000)}}`];
  for (const value of [...texts, ...wrongTypes]) {
    out.push(Object.fromEntries(fieldNames.map((name) => [name, value])));
  }
  const validLooking = {
    email: 'pat.doe@example.com',
    password: DEMO_PASSWORD,
    language: 'en-US',
    clientCode: 'SUN',
    accountNumber: DEMO_GUEST.accountNumber,
    invoiceNumber: DEMO_GUEST.invoiceNumber,
    cardToken: 'tok_aaaaaaaaaaaa',
    number: '4242424242424242',
    cvc: '123',
    expMonth: 12,
    expYear: 2099,
    lines: [{ invoiceNumber: 'SUN-100031', amountCents: 100 }],
    billing: Object.fromEntries(billingFields.map((name) => [name, 'x'])),
  };
  for (const text of texts) {
    for (const name of ['email', 'accountNumber', 'invoiceNumber', 'billingGroup', 'clientCode', 'number', 'cvc', 'cardToken']) {
      out.push({ ...validLooking, [name]: text });
    }
    out.push({ ...validLooking, lines: [{ invoiceNumber: text, amountCents: 100 }] });
    out.push({ ...validLooking, billing: Object.fromEntries(billingFields.map((name) => [name, text])) });
  }
  return out;
}

export function queries(): string[] {
  const names = ['clientCode', 'billingGroup', 'confirmationNumber', 'language'];
  const out: string[] = [''];
  for (const text of texts.filter((candidate) => !candidate.includes('\ud800'))) {
    out.push(`?${names.map((name) => `${name}=${encodeURIComponent(text)}`).join('&')}`);
    out.push(`?clientCode=SUN&billingGroup=${encodeURIComponent(text)}`);
    out.push(`?confirmationNumber=${encodeURIComponent(text)}&language=en-US`);
  }
  // Raw escapes: an invalid UTF-8 sequence and a lone surrogate as UTF-8, which encodeURIComponent refuses to write.
  out.push('?clientCode=SUN&clientCode=DLT', '?%ZZ=%ZZ', '?billingGroup=%ED%A0%80', '?confirmationNumber=%FF%FE', `?clientCode=${'A'.repeat(5000)}`);
  return out;
}

/** What is not UTF-8: a Latin-1 é, an overlong slash, a surrogate half, a character cut short, bytes never used. */
export const notUtf8 = {
  latin1: [0xe9],
  overlong: [0xc0, 0xaf],
  surrogate: [0xed, 0xa0, 0x80],
  cutCharacter: [0xe2, 0x82],
  neverUsed: [0xff],
} satisfies Record<string, number[]>;
