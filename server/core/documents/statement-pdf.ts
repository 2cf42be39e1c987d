/**
 * The statement of an account as a tagged PDF: who holds it, what is open (each invoice with its date,
 * description, amount and balance) and the total due, what each open invoice is for (its lines,
 * and the right to dispute it where its charges are well above its good-faith estimate), then the
 * recent payments, each with its refunds or its void under it. Labels in the asked language; money and dates through Intl, dates in UTC.
 */
import type { AccountInformation } from '@contracts/accounts';
import { disputeRight } from '@contracts/bill-dispute';
import { keptCents, type PastPayment } from '@contracts/documents';
import type { Language } from '@contracts/session';
import { MARGIN, MUTED, PAGE_WIDTH, PdfWriter } from '../pdf/pdf-writer';
import { statementFormat } from './statement-labels';

const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** What a statement shows. */
export interface StatementDocument {
  /** The client's name, or its code when it has none. */
  clientName: string;
  clientPhone: string | null;
  account: AccountInformation;
  /** The most recent payments, newest first. */
  payments: PastPayment[];
  issuedAt: Date;
}

/** Renders the statement in the language. */
export async function renderStatementPdf({ statement, language }: { statement: StatementDocument; language: Language }): Promise<Uint8Array<ArrayBuffer>> {
  const { t, cents, longDate, shortDate } = statementFormat(language);
  const { account } = statement;

  const given = [statement.clientName, statement.clientPhone ?? '', account.accountNumber, account.holderName].concat(
    account.invoices.flatMap((invoice) => [
      invoice.invoiceNumber,
      invoice.description,
      invoice.patientName,
      ...invoice.lines.flatMap((line) => [line.description, line.procedureCode, line.payerName, line.claimStatus]),
    ]),
  );
  const writer = await PdfWriter.create({ title: `${t.title} ${account.accountNumber}`, author: statement.clientName, language, date: statement.issuedAt }, given);

  writer.masthead(statement.clientName, t.title);
  writer.details(
    [
      { label: t.statementDate, value: longDate(statement.issuedAt) },
      { label: t.account, value: account.accountNumber },
      { label: t.accountHolder, value: account.holderName },
      { label: t.totalDue, value: cents(account.totalDueCents), bold: true },
    ],
    t.notShown,
  );

  const sectionHeading = (value: string) => {
    writer.y -= 18;
    writer.ensureRoom(60);
    writer.block('H2', writer.root, () => writer.text(value, MARGIN, { bold: true, size: 12 }));
    writer.y -= 20;
  };

  sectionHeading(t.openInvoices);
  const amountRight = PAGE_WIDTH - MARGIN - 80;
  const description = { heading: t.description, x: MARGIN + 155, width: amountRight - 75 - (MARGIN + 155), wraps: true };
  const balance = { heading: t.balance, x: PAGE_WIDTH - MARGIN - 75, width: 75, right: true };
  if (account.invoices.length === 0) {
    writer.block('P', writer.root, () => writer.paragraph(t.noOpenInvoices, MARGIN, CONTENT_WIDTH));
  } else {
    writer.table(
      writer.root,
      [
        { heading: t.invoice, x: MARGIN, width: 75 },
        { heading: t.date, x: MARGIN + 80, width: 70 },
        description,
        { heading: t.amount, x: amountRight - 75, width: 75, right: true },
        balance,
      ],
      account.invoices.map((invoice) => [invoice.invoiceNumber, shortDate(invoice.invoiceDate), invoice.description, cents(invoice.amountCents), cents(invoice.balanceCents)]),
    );
    writer.ensureRoom(30);
    writer.rule(writer.y + 8);
    writer.y -= 6;
    writer.block('P', writer.root, () => {
      writer.text(`${t.totalDue} `, description.x, { bold: true, size: 11 });
      writer.rightAligned(cents(account.totalDueCents), balance.x + balance.width, { bold: true, size: 11 });
    });
    writer.y -= 4;
  }

  const explained = account.invoices.filter((invoice) => invoice.lines.length > 0);
  if (explained.length > 0) {
    sectionHeading(t.billsExplained);
    const today = statement.issuedAt.toISOString().slice(0, 10);
    // The amounts' columns, right-aligned, leftwards from the right margin.
    const moneyColumn = (heading: string, index: number) => ({ heading, x: PAGE_WIDTH - MARGIN - 52 - 56 * index, width: 52, right: true });
    const money = [t.leftToPay, t.youPaid, t.adjustments, t.insurancePaid, t.charged].map(moneyColumn).reverse();
    const service = { heading: t.service, x: MARGIN + 60, width: (money[0]?.x ?? 0) - 6 - (MARGIN + 60), wraps: true };
    for (const [index, invoice] of explained.entries()) {
      if (index > 0) writer.y -= 8;
      writer.ensureRoom(70);
      writer.block('H3', writer.root, () => writer.text(t.billOf(invoice.invoiceNumber, shortDate(invoice.invoiceDate), invoice.patientName), MARGIN, { bold: true, width: CONTENT_WIDTH }));
      writer.y -= 18;
      writer.table(
        writer.root,
        [{ heading: t.serviceDate, x: MARGIN, width: 56 }, service, ...money],
        invoice.lines.map((line) => [
          shortDate(line.serviceDate),
          t.serviceOf(line),
          ...[line.chargeCents, line.insurancePaidCents, line.adjustmentsCents, line.patientPaidCents, line.balanceCents].map(cents),
        ]),
        // A size smaller than the invoices' table: a bill's lines are its detail.
        { size: 9 },
      );
      const right = disputeRight(invoice, today);
      if (right) {
        const facts = {
          charges: cents(right.chargesCents),
          excess: cents(right.excessCents),
          estimate: cents(right.estimateCents),
          billDate: shortDate(invoice.invoiceDate),
          deadline: shortDate(right.deadline),
          passed: right.passed,
        };
        writer.block('P', writer.root, () => writer.paragraph(t.dispute(facts), MARGIN, CONTENT_WIDTH, { bold: true }));
      }
    }
  }

  sectionHeading(t.recentPayments);
  // Under each payment, each refund or void as a row of its own, then what was kept paid after refunds.
  const rows: string[][] = [];
  const details = new Set<number>();
  const detail = (cells: string[]) => details.add(rows.push(cells) - 1);
  for (const payment of statement.payments) {
    rows.push([shortDate(payment.paidAt), payment.confirmationNumber, `${t.brands[payment.cardBrand]} ${t.endingIn} ${payment.cardLast4}`, cents(payment.totalCents)]);
    for (const back of payment.refunds) {
      detail(back.kind === 'void' ? [shortDate(back.at), t.voided, t.cardNotCharged, cents(-back.amountCents)] : [shortDate(back.at), t.refunded, '', cents(-back.amountCents)]);
    }
    if (payment.refunds.some((back) => back.kind === 'refund')) detail(['', t.keptAfterRefunds, '', cents(keptCents(payment))]);
  }
  if (statement.payments.length === 0) {
    writer.block('P', writer.root, () => writer.paragraph(t.noPayments, MARGIN, CONTENT_WIDTH));
  } else {
    writer.table(
      writer.root,
      [
        { heading: t.date, x: MARGIN, width: 105 },
        { heading: t.confirmationNumber, x: MARGIN + 110, width: 145, wraps: true },
        { heading: t.card, x: MARGIN + 260, width: 140, wraps: true },
        { heading: t.amountPaid, x: PAGE_WIDTH - MARGIN - 75, width: 75, right: true },
      ],
      rows,
      { isDetail: (row) => details.has(row) },
    );
  }

  writer.y -= 20;
  writer.block('P', writer.root, () =>
    writer.paragraph(statement.clientPhone ? t.questions(statement.clientPhone) : t.questionsWithoutPhone, MARGIN, CONTENT_WIDTH, { color: MUTED }),
  );
  return writer.finish();
}
