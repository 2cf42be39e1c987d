/**
 * A JSON statement (POST /api/office/v1/statements with application/json): the same fields as a
 * CSV row, nested account → invoices → lines, money in integer cents. It is flattened into the
 * CSV's rows, each with its place (`accounts[2].invoices[0].lines[1]`), and from there takes the
 * same checks and the same upsert.
 */
import type { StatementInputRow } from './csv-statement';
import { StatementRefused, fileProblem } from './csv-statement';
import type { RawRow } from './statement-row';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A leaf as the row checker reads it: text and numbers pass, anything else is malformed (kept as its JSON). */
const leaf = (value: unknown): string | number | null =>
  value === undefined || value === null ? null : typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
const countLeaf = (value: unknown): string | number | null => (typeof value === 'number' ? String(value) : leaf(value));

/** Flattens a parsed JSON statement; a body that is not a statement at all is refused whole. */
export function* jsonStatementRows(body: unknown): Generator<StatementInputRow> {
  if (!isObject(body) || !Array.isArray(body.accounts)) {
    throw new StatementRefused(fileProblem('invalidStatement', 'the body is not a statement: it needs producedAt and an accounts array'));
  }
  const producedAt = leaf(body.producedAt);
  if (body.accounts.length === 0) throw new StatementRefused(fileProblem('empty', 'the statement has no accounts'));
  for (const [a, account] of body.accounts.entries()) {
    const accountPlace = `accounts[${String(a)}]`;
    const accountNumber = isObject(account) && typeof account.accountNumber === 'string' ? account.accountNumber.trim().toUpperCase() || null : null;
    if (!isObject(account) || !Array.isArray(account.invoices) || account.invoices.length === 0) {
      yield { place: { line: null, location: accountPlace }, unreadable: { code: 'invalidStatement', reason: 'an account needs accountNumber, guarantor and a non-empty invoices array', accountNumber } };
      continue;
    }
    const guarantor = isObject(account.guarantor) ? account.guarantor : {};
    for (const [i, invoice] of account.invoices.entries()) {
      const invoicePlace = `${accountPlace}.invoices[${String(i)}]`;
      if (!isObject(invoice) || !Array.isArray(invoice.lines) || invoice.lines.length === 0) {
        yield { place: { line: null, location: invoicePlace }, unreadable: { code: 'invalidStatement', reason: 'an invoice needs invoiceNumber, its dates and a non-empty lines array', accountNumber } };
        continue;
      }
      const patient = isObject(invoice.patient) ? invoice.patient : {};
      for (const [l, line] of invoice.lines.entries()) {
        const place = { line: null, location: `${invoicePlace}.lines[${String(l)}]` };
        if (!isObject(line)) {
          yield { place, unreadable: { code: 'invalidStatement', reason: 'a line must be an object', accountNumber } };
          continue;
        }
        const raw: RawRow = {
          account_number: leaf(account.accountNumber),
          guarantor_name: leaf(guarantor.name),
          guarantor_email: leaf(guarantor.email),
          guarantor_phone: leaf(guarantor.phone),
          guarantor_address_line1: leaf(guarantor.addressLine1),
          guarantor_address_line2: leaf(guarantor.addressLine2),
          guarantor_city: leaf(guarantor.city),
          guarantor_state: leaf(guarantor.state),
          guarantor_postal_code: leaf(guarantor.postalCode),
          patient_name: leaf(patient.name),
          patient_birth_date: leaf(patient.birthDate),
          invoice_number: leaf(invoice.invoiceNumber),
          invoice_date: leaf(invoice.invoiceDate),
          due_date: leaf(invoice.dueDate),
          line_number: countLeaf(line.lineNumber),
          service_date: leaf(line.serviceDate),
          procedure_code: leaf(line.procedureCode),
          procedure_description: leaf(line.description),
          units: countLeaf(line.units),
          charge: leaf(line.chargeCents),
          insurance_paid: leaf(line.insurancePaidCents),
          adjustments: leaf(line.adjustmentsCents),
          patient_paid: leaf(line.patientPaidCents),
          balance: leaf(line.balanceCents),
          payer_name: leaf(line.payerName),
          claim_status: leaf(line.claimStatus),
          good_faith_estimate: leaf(invoice.goodFaithEstimateCents),
          statement_message: leaf(invoice.statementMessage),
          statement_produced_at: producedAt,
        };
        yield { place, raw };
      }
    }
  }
}
