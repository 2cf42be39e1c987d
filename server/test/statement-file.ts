/** Statement files as a billing system sends them, for the console's tests in Node and in the browser. */
import { statementHeader } from '../core/statements/statement-columns';

/** A statement file of `count` accounts of their own, one invoice each; the row `bad` with a charge that is no amount. */
export function statementFile(prefix: string, count: number, bad?: number): string {
  const row = (n: number) => {
    const cells: Record<string, string> = {
      account_number: `${prefix}-${String(n)}`,
      guarantor_name: 'Casey Console',
      guarantor_postal_code: '62704',
      invoice_number: `${prefix}-INV-${String(n)}`,
      invoice_date: '2026-02-01',
      due_date: '2026-03-01',
      line_number: '1',
      service_date: '2026-01-30',
      procedure_code: '80053',
      procedure_description: 'Panel',
      units: '1',
      charge: n === bad ? '1e5' : '100.00',
      insurance_paid: '0.00',
      adjustments: '0.00',
      patient_paid: '0.00',
      balance: '100.00',
      statement_produced_at: '2026-03-01T06:00:00Z',
    };
    return statementHeader.map((name) => cells[name] ?? '').join(',');
  };
  return `${statementHeader.join(',')}\n${Array.from({ length: count }, (_, n) => row(n)).join('\n')}\n`;
}
