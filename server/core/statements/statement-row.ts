/**
 * One row of a statement (a CSV line, or a line of a JSON statement flattened with its invoice and
 * account), checked on its own: every column read as its kind says, and the line's arithmetic.
 * The checks across rows (duplicates, an invoice under two accounts…) run on the staged rows.
 */
import { centsAsDecimal } from '../../lib/cents';
import { statementColumns, type StatementColumn, type StatementColumnName } from './statement-columns';

/** A row as it comes: text from a CSV, or text and numbers (integer cents) from JSON. */
export type RawRow = Partial<Record<StatementColumnName, string | number | null>>;

/** Where a row is in its file: a CSV line (the header is line 1) or a place in a JSON statement. */
export interface RowPlace {
  line: number | null;
  location: string;
}

/** A reason to refuse a row, or the whole file: a code for programs, and plain words for people. */
export interface ImportProblem extends RowPlace {
  column: string;
  code: ImportProblemCode;
  reason: string;
}

export type ImportProblemCode =
  | 'missing'
  | 'tooLong'
  | 'controlCharacters'
  | 'invalidDate'
  | 'invalidEmail'
  | 'invalidMoney'
  | 'invalidCount'
  | 'invalidInstant'
  | 'notAddingUp'
  | 'dueBeforeInvoice'
  | 'birthDateInFuture'
  | 'producedInFuture'
  | 'raggedRow'
  | 'malformedRow'
  | 'duplicateLine'
  | 'invoiceUnderTwoAccounts'
  | 'invoiceDiffers'
  | 'accountDiffers'
  | 'invoiceOfAnotherAccount'
  | 'accountRefused'
  | 'problemsNotKept'
  | 'wrongHeader'
  | 'wrongDelimiter'
  | 'notUtf8'
  | 'unclosedQuote'
  | 'tooLarge'
  | 'empty'
  | 'mixedProducedAt'
  | 'alreadyImported'
  | 'invalidStatement'
  | 'serverError';

/** A valid row, as it is staged (money in integer cents). */
export interface StatementLine {
  accountNumber: string;
  guarantorName: string;
  guarantorEmail: string | null;
  guarantorPhone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  region: string;
  postalCode: string;
  patientName: string;
  patientBirthDate: string | null;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  lineNumber: number;
  serviceDate: string;
  procedureCode: string;
  description: string;
  units: number;
  chargeCents: number;
  insurancePaidCents: number;
  adjustmentsCents: number;
  patientPaidCents: number;
  balanceCents: number;
  payerName: string;
  claimStatus: string;
  goodFaithEstimateCents: number | null;
  statementMessage: string;
  producedAt: Date;
}

export type CheckedRow =
  | { ok: true; line: StatementLine }
  | { ok: false; problems: Omit<ImportProblem, keyof RowPlace>[]; accountNumber: string | null };

/** The most a line's amount may be: PostgreSQL's integer cents, with room for a sum. */
const MAX_CENTS = 1_000_000_000;
/** A file may say it was produced this far in the future (clocks differ) and no further. */
const PRODUCED_AT_LEEWAY_MS = 10 * 60 * 1000;
const MAX_COUNT = 9999;

// eslint-disable-next-line no-control-regex -- the very characters refused
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dollarsPattern = /^(\d{1,10})(?:\.(\d{1,2}))?$/;
const countPattern = /^\d{1,4}$/;
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Days in each month of a common year. */
const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A calendar date that exists (2026-02-30 does not), as YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = isoDatePattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (monthDays[month - 1] ?? 0));
}

/** Dollars and cents as written in a CSV ("125", "125.5", "125.50") in integer cents; null when not such a number. */
export function dollarsToCents(text: string): number | null {
  const match = dollarsPattern.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_CENTS ? cents : null;
}

/** A row's values as read, by column (null: empty). */
type Values = Partial<Record<StatementColumnName, string | number | null>>;

const textOf = (values: Values, name: StatementColumnName): string => {
  const value = values[name];
  return typeof value === 'string' ? value : '';
};
const numberOf = (values: Values, name: StatementColumnName): number => Number(values[name] ?? 0);

/** Reads a row, or says what is wrong with it, column by column. */
export function checkRow(raw: RawRow, { now, money }: { now: Date; money: 'dollars' | 'cents' }): CheckedRow {
  const problems: Omit<ImportProblem, keyof RowPlace>[] = [];
  const values: Values = {};

  for (const column of statementColumns) {
    const value = raw[column.name];
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === undefined || text === null || text === '') {
      if (column.required) problems.push({ column: column.name, code: 'missing', reason: `${column.name} is empty; it is required` });
      values[column.name] = null;
      continue;
    }
    const read = readValue(column, text, now, money);
    if ('problem' in read) problems.push({ column: column.name, ...read.problem });
    else values[column.name] = read.value;
  }

  const accountText = values.account_number;
  const accountNumber = typeof accountText === 'string' ? accountText.toUpperCase() : null;
  if (problems.length === 0) {
    const left = numberOf(values, 'charge') - numberOf(values, 'insurance_paid') - numberOf(values, 'adjustments') - numberOf(values, 'patient_paid');
    const balance = numberOf(values, 'balance');
    if (left !== balance) {
      problems.push({
        column: 'balance',
        code: 'notAddingUp',
        reason: `the line does not add up: charge − insurance paid − adjustments − patient paid is ${centsAsDecimal(left)}, but balance is ${centsAsDecimal(balance)}`,
      });
    }
    const invoiceDate = textOf(values, 'invoice_date');
    const dueDate = textOf(values, 'due_date');
    if (dueDate < invoiceDate) {
      problems.push({ column: 'due_date', code: 'dueBeforeInvoice', reason: `due_date ${dueDate} is before invoice_date ${invoiceDate}` });
    }
    const birthDate = values.patient_birth_date;
    if (typeof birthDate === 'string' && birthDate > now.toISOString().slice(0, 10)) {
      problems.push({ column: 'patient_birth_date', code: 'birthDateInFuture', reason: `patient_birth_date ${birthDate} is in the future` });
    }
  }
  if (problems.length > 0) return { ok: false, problems, accountNumber };

  const estimate = values.good_faith_estimate;
  return {
    ok: true,
    line: {
      accountNumber: accountNumber ?? '',
      guarantorName: textOf(values, 'guarantor_name'),
      guarantorEmail: textOf(values, 'guarantor_email').toLowerCase() || null,
      guarantorPhone: textOf(values, 'guarantor_phone'),
      addressLine1: textOf(values, 'guarantor_address_line1'),
      addressLine2: textOf(values, 'guarantor_address_line2'),
      city: textOf(values, 'guarantor_city'),
      region: textOf(values, 'guarantor_state'),
      postalCode: textOf(values, 'guarantor_postal_code'),
      patientName: textOf(values, 'patient_name'),
      patientBirthDate: textOf(values, 'patient_birth_date') || null,
      invoiceNumber: textOf(values, 'invoice_number').toUpperCase(),
      invoiceDate: textOf(values, 'invoice_date'),
      dueDate: textOf(values, 'due_date'),
      lineNumber: numberOf(values, 'line_number'),
      serviceDate: textOf(values, 'service_date'),
      procedureCode: textOf(values, 'procedure_code'),
      description: textOf(values, 'procedure_description'),
      units: numberOf(values, 'units'),
      chargeCents: numberOf(values, 'charge'),
      insurancePaidCents: numberOf(values, 'insurance_paid'),
      adjustmentsCents: numberOf(values, 'adjustments'),
      patientPaidCents: numberOf(values, 'patient_paid'),
      balanceCents: numberOf(values, 'balance'),
      payerName: textOf(values, 'payer_name'),
      claimStatus: textOf(values, 'claim_status'),
      goodFaithEstimateCents: typeof estimate === 'number' ? estimate : null,
      statementMessage: textOf(values, 'statement_message'),
      producedAt: new Date(textOf(values, 'statement_produced_at')),
    },
  };
}

type Read = { value: string | number } | { problem: { code: ImportProblemCode; reason: string } };

const problem = (code: ImportProblemCode, reason: string): Read => ({ problem: { code, reason } });

function readValue(column: StatementColumn, value: string | number, now: Date, money: 'dollars' | 'cents'): Read {
  const { name, kind } = column;
  if (kind === 'money') {
    // JSON gives integer cents; a CSV gives dollars and cents.
    if (money === 'cents' || typeof value === 'number') {
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_CENTS
        ? { value }
        : problem('invalidMoney', `${name} must be a whole, non-negative number of cents (got ${String(value)})`);
    }
    if (value.startsWith('-')) return problem('invalidMoney', `${name} must not be negative (got ${quoted(value)})`);
    const cents = dollarsToCents(value);
    return cents === null ? problem('invalidMoney', `${name} is not an amount like 125.00 (got ${quoted(value)})`) : { value: cents };
  }
  if (kind === 'count') {
    const text = String(value);
    const count = countPattern.test(text) ? Number(text) : NaN;
    return count >= 1 && count <= MAX_COUNT ? { value: count } : problem('invalidCount', `${name} must be a whole number from 1 to ${String(MAX_COUNT)} (got ${quoted(text)})`);
  }
  if (typeof value !== 'string') return problem('malformedRow', `${name} must be text (got ${String(value)})`);
  if (controlCharacters.test(value)) return problem('controlCharacters', `${name} holds control characters`);
  if (column.maxLength !== undefined && value.length > column.maxLength) {
    return problem('tooLong', `${name} is ${String(value.length)} characters long; at most ${String(column.maxLength)}`);
  }
  if (kind === 'date') return isCalendarDate(value) ? { value } : problem('invalidDate', `${name} is not a date like 2026-02-28 (got ${quoted(value)})`);
  if (kind === 'email') return emailPattern.test(value) ? { value } : problem('invalidEmail', `${name} is not an email address (got ${quoted(value)})`);
  if (kind === 'instant') {
    const time = instantPattern.test(value) ? Date.parse(value) : NaN;
    if (Number.isNaN(time) || !isCalendarDate(value.slice(0, 10))) {
      return problem('invalidInstant', `${name} is not a time like 2026-11-26T23:00:00-06:00 (got ${quoted(value)})`);
    }
    if (time > now.getTime() + PRODUCED_AT_LEEWAY_MS) return problem('producedInFuture', `${name} ${value} is in the future`);
    return { value };
  }
  return { value };
}

/** A value as a reason quotes it, cut short (the report's CSV neutralises what a spreadsheet would run). */
function quoted(value: string): string {
  const short = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return `"${printable(short)}"`;
}

/** Text from a file as a report may keep it: a control character (a NUL cannot be stored) shows as �. */
export function printable(text: string): string {
  return text.replace(new RegExp(controlCharacters.source, 'g'), '\uFFFD');
}

