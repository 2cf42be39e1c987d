/**
 * A cell of a CSV the portal writes for people to open in a spreadsheet: text that a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return, as OWASP lists
 * them) is written with a leading apostrophe, so it shows as the text it is. A spreadsheet may
 * split a cell again where the file is opened with another separator (semicolons in much of
 * Europe, tabs) or at a line break, so every part that follows a `;`, `,`, tab or line break
 * (and any spaces) gets the apostrophe too: `Bob;=1+1` is written `Bob;'=1+1`.
 */
const formulaStart = /^[=+\-@\t\r]/;
const formulaAfterSeparator = /([;,\t\r\n][ \t]*)(?=[=+\-@])/g;
const plainNumber = /^-?\d+(\.\d+)?$/;

export function spreadsheetSafe(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  // A plain number, a negative amount included (-5.00), is a number to a spreadsheet, not a formula.
  if (typeof value === 'number' || plainNumber.test(value)) return String(value);
  const parts = value.replace(formulaAfterSeparator, "$1'");
  return formulaStart.test(parts) ? `'${parts}` : parts;
}

/** The parts of a cell that a spreadsheet, splitting it at any of those separators, would run as formulas (none, for a safe cell; a plain number such as -5.00 is a number). */
export function formulaParts(cell: string): string[] {
  const parts = [cell, ...cell.split(/[;,\t\r\n]/).slice(1).map((part) => part.replace(/^ +/, ''))];
  return parts.filter((part) => formulaStart.test(part) && !plainNumber.test(part));
}
