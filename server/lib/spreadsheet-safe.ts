/**
 * A cell of a CSV the portal writes for people to open in a spreadsheet: text that a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return, as OWASP lists
 * them) is written with a leading apostrophe, so it shows as the text it is.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function spreadsheetSafe(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return formulaStart.test(value) ? `'${value}` : value;
}
