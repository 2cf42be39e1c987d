/**
 * Why an import refused a row or a file, in the reader's words, by the problem's code. The
 * server's reason (in English, naming the column and the value) follows as the detail, marked as
 * English so that a screen reader says it as such; a code this list does not know yet shows the
 * server's reason alone.
 */
import { useLingui } from '@lingui/react/macro';

export function useImportProblemWords(): (code: string) => string | null {
  const { t } = useLingui();
  const words: Record<string, string> = {
    missing: t`A required value is empty.`,
    tooLong: t`A value is too long.`,
    controlCharacters: t`A value holds characters that cannot be shown.`,
    invalidDate: t`A date is not a date of the calendar (year-month-day).`,
    invalidEmail: t`An email address is not one.`,
    invalidMoney: t`An amount is not an amount of money.`,
    invalidCount: t`A count is not a whole number in range.`,
    invalidInstant: t`A time is not a date and time with its offset.`,
    notAddingUp: t`The invoice's amounts do not add up.`,
    dueBeforeInvoice: t`The due date is before the invoice date.`,
    birthDateInFuture: t`The patient's birth date is in the future.`,
    producedInFuture: t`The time the statement was produced is in the future.`,
    raggedRow: t`The line has more or fewer columns than the header.`,
    malformedRow: t`The line cannot be read as CSV.`,
    duplicateLine: t`The same invoice line is in the file twice.`,
    invoiceUnderTwoAccounts: t`The same invoice is under two accounts.`,
    invoiceDiffers: t`The rows of one invoice do not agree.`,
    accountDiffers: t`The rows of one account do not agree.`,
    invoiceOfAnotherAccount: t`This invoice number belongs to another account.`,
    accountRefused: t`Another row of this account was refused, so the whole account was.`,
    problemsNotKept: t`Too many refused rows: only the first ones are kept.`,
    wrongHeader: t`The header is not the statement format's.`,
    wrongDelimiter: t`The columns are not separated by commas.`,
    notUtf8: t`The file is not UTF-8 text.`,
    unclosedQuote: t`A quoted value is never closed.`,
    tooLarge: t`The file is too large.`,
    empty: t`The file has nothing to import.`,
    mixedProducedAt: t`The rows give different times for when the statement was produced.`,
    alreadyImported: t`This exact file was imported already.`,
    invalidStatement: t`The statement is not in the format.`,
    serverError: t`Something went wrong on our side.`,
  };
  return (code) => words[code] ?? null;
}
