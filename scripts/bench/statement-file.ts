/**
 * A statement file for the import benchmark, made from a seed (the same seed, the same file),
 * written to disk as it is made: never whole in memory. Every row is valid: 1–3 invoices per
 * account and 1–4 lines per invoice (about 2.5 lines per account), lab procedures at realistic
 * prices, the balance charge − insurance paid − adjustments − patient paid, some of it zero.
 */
import { once } from 'node:events';
import { createWriteStream, statSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { statementHeader, type StatementColumnName } from '../../server/core/statements/statement-columns';

export interface StatementFileOptions {
  /** Lines (rows under the header). */
  lines: number;
  /** Starts the pseudo-random sequence. */
  seed: number;
  /** Starts every account and invoice number, so files imported into one database never share one. */
  prefix: string;
}

export interface StatementFile {
  path: string;
  lines: number;
  accounts: number;
  invoices: number;
  bytes: number;
}

/** mulberry32: a small, well-spread 32-bit generator; enough for test data. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = ['Pat', 'Alex', 'Maria', 'José', 'Chen', 'Aisha', 'Robert', 'Linda', 'Sam', 'Priya', 'Kwame', 'Olga', 'Hiroshi', 'Fatima', 'Liam', 'Emma'];
const lastNames = ['Doe', 'García', 'Smith', 'Nguyen', 'Okafor', 'Müller', 'Johnson', 'Kowalski', 'Haddad', 'Brown', 'Rossi', 'Kim', 'Patel', 'Silva'];
const streets = ['Oak Street', 'Maple Avenue', 'Elm Drive', 'Lakeview Road', 'Cedar Lane', 'Main Street', 'Hillcrest Court'];
const cities: [string, string, string][] = [
  ['Springfield', 'IL', '62704'],
  ['Austin', 'TX', '78701'],
  ['Portland', 'OR', '97205'],
  ['Columbus', 'OH', '43215'],
  ['Tampa', 'FL', '33602'],
];
/** Lab procedures and their usual charge in cents. */
const procedures: [string, string, number][] = [
  ['80053', 'Comprehensive metabolic panel', 14_500],
  ['85025', 'Complete blood count with differential', 6_800],
  ['80061', 'Lipid panel', 9_200],
  ['84443', 'Thyroid stimulating hormone', 11_900],
  ['83036', 'Hemoglobin A1c', 7_400],
  ['81001', 'Urinalysis with microscopy', 3_900],
  ['87086', 'Urine culture, colony count', 5_600],
  ['88305', 'Surgical pathology, tissue exam', 42_000],
  ['82306', 'Vitamin D, 25-hydroxy', 16_800],
  ['36415', 'Routine venipuncture', 1_800],
];
const payers = ['Aetna', 'Blue Cross Blue Shield', 'UnitedHealthcare', 'Cigna', 'Medicare', 'Self-pay'];
const PRODUCED_AT = '2026-03-01T06:00:00Z';
const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Picks by weights: [value, weight][]. */
function weighted(random: () => number, choices: readonly (readonly [number, number])[]): number {
  let left = random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of choices) {
    left -= weight;
    if (left < 0) return value;
  }
  return choices[choices.length - 1]?.[0] ?? 1;
}
const invoicesPerAccount = [[1, 0.55], [2, 0.35], [3, 0.1]] as const;
const linesPerInvoice = [[1, 0.6], [2, 0.25], [3, 0.1], [4, 0.05]] as const;

/** Writes a statement file of exactly `lines` lines to `path`. */
export async function writeStatementFile(path: string, { lines, seed, prefix }: StatementFileOptions): Promise<StatementFile> {
  const random = randomFrom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const csv = stringify({ header: true, columns: [...statementHeader] });
  const file = createWriteStream(path);
  csv.pipe(file);
  const write = async (row: Partial<Record<StatementColumnName, string>>) => {
    if (!csv.write(row)) await once(csv, 'drain');
  };

  let written = 0;
  let accounts = 0;
  let invoices = 0;
  const start = Date.UTC(2025, 8, 1);
  while (written < lines) {
    accounts += 1;
    const accountNumber = `${prefix}-${String(accounts).padStart(7, '0')}`;
    const guarantor = `${pick(firstNames)} ${pick(lastNames)}`;
    const [city, state, postalCode] = pick(cities);
    const account = {
      account_number: accountNumber,
      guarantor_name: guarantor,
      guarantor_email: random() < 0.8 ? `${accountNumber.toLowerCase()}@example.com` : '',
      guarantor_phone: random() < 0.7 ? `555-${String(1000 + Math.floor(random() * 9000))}` : '',
      guarantor_address_line1: `${String(1 + Math.floor(random() * 9999))} ${pick(streets)}`,
      guarantor_address_line2: random() < 0.15 ? `Apt ${String(1 + Math.floor(random() * 40))}` : '',
      guarantor_city: city,
      guarantor_state: state,
      guarantor_postal_code: postalCode,
    };
    const invoiceCount = weighted(random, invoicesPerAccount);
    for (let i = 0; i < invoiceCount && written < lines; i++) {
      invoices += 1;
      const invoiceDay = start + Math.floor(random() * 170) * DAY_MS;
      const patient = random() < 0.7 ? guarantor : `${pick(firstNames)} ${guarantor.split(' ')[1] ?? ''}`;
      const invoice = {
        patient_name: patient,
        patient_birth_date: isoDate(Date.UTC(1940, 0, 1) + Math.floor(random() * 25_000) * DAY_MS),
        invoice_number: `${prefix}-INV-${String(invoices).padStart(8, '0')}`,
        invoice_date: isoDate(invoiceDay),
        due_date: isoDate(invoiceDay + 30 * DAY_MS),
        good_faith_estimate: random() < 0.1 ? dollars(20_000 + Math.floor(random() * 30_000)) : '',
        statement_message: random() < 0.2 ? 'Questions about this bill? Call us, Monday to Friday, 8 am to 6 pm.' : '',
        statement_produced_at: PRODUCED_AT,
      };
      const lineCount = weighted(random, linesPerInvoice);
      const payer = pick(payers);
      for (let n = 1; n <= lineCount && written < lines; n++) {
        const [code, description, price] = pick(procedures);
        const units = random() < 0.9 ? 1 : 2;
        const charge = units * Math.round(price * (0.8 + random() * 0.4));
        // About one line in six is settled: insurance and adjustments cover it, or the patient paid.
        const settled = random() < 0.17;
        const insurancePaid = payer === 'Self-pay' ? 0 : Math.round(charge * (settled ? 0.6 : random() * 0.7));
        const adjustments = settled ? charge - insurancePaid : Math.round((charge - insurancePaid) * random() * 0.3);
        const patientPaid = settled ? 0 : Math.round((charge - insurancePaid - adjustments) * (random() < 0.2 ? random() * 0.5 : 0));
        const balance = charge - insurancePaid - adjustments - patientPaid;
        await write({
          ...account,
          ...invoice,
          line_number: String(n),
          service_date: isoDate(invoiceDay - Math.floor(random() * 5) * DAY_MS),
          procedure_code: code,
          procedure_description: description,
          units: String(units),
          charge: dollars(charge),
          insurance_paid: dollars(insurancePaid),
          adjustments: dollars(adjustments),
          patient_paid: dollars(patientPaid),
          balance: dollars(balance),
          payer_name: payer,
          claim_status: payer === 'Self-pay' ? '' : settled ? 'Paid' : pick(['Paid', 'Partially paid', 'Applied to deductible']),
        });
        written += 1;
      }
    }
  }
  csv.end();
  await finished(file);
  return { path, lines: written, accounts, invoices, bytes: statSync(path).size };
}
