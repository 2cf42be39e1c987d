/**
 * The statement file's columns: one row per invoice line. The CSV's header names them (in any
 * order, each once); the JSON statement nests the same fields (account → invoices → lines).
 * docs/statement-format.md describes each; a test holds the two together.
 */

/** How a column's text is read. */
export type ColumnKind = 'text' | 'email' | 'date' | 'money' | 'count' | 'instant';

export interface StatementColumn {
  name: string;
  kind: ColumnKind;
  required: boolean;
  /** The longest text accepted (text and email columns). */
  maxLength?: number;
  /** What the column holds, for the format's documentation and the reference. */
  description: string;
}

const column = (name: string, kind: ColumnKind, required: boolean, description: string, maxLength?: number): StatementColumn => ({
  name,
  kind,
  required,
  description,
  ...(maxLength === undefined ? {} : { maxLength }),
});

export const statementColumns = [
  column('account_number', 'text', true, 'The billing account (the guarantor’s), as printed on the statement.', 40),
  column('guarantor_name', 'text', true, 'Who is responsible for the account.', 200),
  column('guarantor_email', 'email', false, 'The guarantor’s email address; told whenever someone registers for the account.', 254),
  column('guarantor_phone', 'text', false, 'The guarantor’s phone number.', 40),
  column('guarantor_address_line1', 'text', false, 'The guarantor’s postal address, first line.', 200),
  column('guarantor_address_line2', 'text', false, 'The postal address, second line.', 200),
  column('guarantor_city', 'text', false, 'The postal address’s city.', 100),
  column('guarantor_state', 'text', false, 'The postal address’s state or region.', 100),
  column('guarantor_postal_code', 'text', false, 'The postal address’s ZIP or postal code; registering for the account asks for it.', 20),
  column('patient_name', 'text', false, 'Who the services were for (the guarantor may pay for others).', 200),
  column('patient_birth_date', 'date', false, 'The patient’s date of birth.'),
  column('invoice_number', 'text', true, 'The invoice, unique within the client.', 40),
  column('invoice_date', 'date', true, 'The date of the bill; the 120 days of a dispute count from it.'),
  column('due_date', 'date', true, 'When payment is due; not before the invoice date.'),
  column('line_number', 'count', true, 'The line within the invoice: 1, 2, 3…; each once per invoice.'),
  column('service_date', 'date', true, 'When the service was given.'),
  column('procedure_code', 'text', true, 'The procedure’s code (CPT, HCPCS or the lab’s own).', 20),
  column('procedure_description', 'text', true, 'What the service was, in words a patient reads.', 200),
  column('units', 'count', true, 'How many units of the service.'),
  column('charge', 'money', true, 'What was charged for the line.'),
  column('insurance_paid', 'money', true, 'What insurance paid on the line.'),
  column('adjustments', 'money', true, 'What was adjusted off (contractual and other write-offs).'),
  column('patient_paid', 'money', true, 'What the patient has already paid on the line.'),
  column('balance', 'money', true, 'What is left to pay: charge − insurance paid − adjustments − patient paid.'),
  column('payer_name', 'text', false, 'The insurer billed for the line (or “Self-pay”).', 200),
  column('claim_status', 'text', false, 'The claim’s status with that payer, in words.', 100),
  column('good_faith_estimate', 'money', false, 'The good-faith estimate given before the services, if any (the same on every line of the invoice).'),
  column('statement_message', 'text', false, 'A message printed on the statement (the same on every line of the invoice).', 1000),
  column('statement_produced_at', 'instant', true, 'When the billing system produced the file: an ISO 8601 time with its offset, the same on every row.'),
] as const satisfies readonly StatementColumn[];

export type StatementColumnName = (typeof statementColumns)[number]['name'];

/** The header of a statement file with every column, in the documented order. */
export const statementHeader: readonly StatementColumnName[] = statementColumns.map((each) => each.name);
