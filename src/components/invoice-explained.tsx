import { Trans, useLingui } from '@lingui/react/macro';
import { disputeRight } from '@contracts/bill-dispute';
import type { InvoiceLine, OpenInvoice } from '@contracts/accounts';
import { selectClient } from '@machines/client/client.selectors';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { publicDocumentPdfUrl } from '@/lib/api/documents-endpoints';
import { formatDate, formatMoney } from '@/lib/format';
import { labDataLanguage } from '@/lib/lab-data';
import { useMachines } from '@/lib/machines';
import { useLanguage } from '@/lib/use-language';

/** Today in UTC, YYYY-MM-DD, as the statement PDF has it: the same on the server that renders the page first. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * What an open invoice is for: the patient's right to dispute it when its charges are well above
 * its good-faith estimate, then, behind a disclosure, each service billed with what insurance paid
 * and adjusted, what the patient paid and what is left. Nothing for an invoice without lines.
 */
export function InvoiceExplained({ invoice }: { invoice: OpenInvoice }) {
  const number = invoice.invoiceNumber;
  if (invoice.lines.length === 0) return null;
  return (
    <div className="invoice-explained">
      <DisputeNotice invoice={invoice} />
      <details data-explains={number}>
        <summary>
          {/* The number is for screen readers, whose list of controls would otherwise repeat one name. */}
          <Trans>
            What this bill is for <span className="visually-hidden">(invoice {number})</span>
          </Trans>
        </summary>
        <InvoiceLinesTable invoice={invoice} />
      </details>
    </div>
  );
}

/** A column of the lines' table after the service: its heading (which also names each value on a narrow screen) and its value. */
interface LineColumn {
  heading: string;
  value: (line: InvoiceLine) => string;
  kind: 'text' | 'amount' | 'labData';
}

/** The invoice's lines as a table; on a narrow screen each line is a card, as the invoices are. */
function InvoiceLinesTable({ invoice }: { invoice: OpenInvoice }) {
  const { t } = useLingui();
  const locale = useLanguage();
  const captionId = useId();
  const number = invoice.invoiceNumber;
  const patient = invoice.patientName;
  const amount = (heading: string, cents: (line: InvoiceLine) => number): LineColumn => ({
    heading,
    value: (line) => formatMoney(cents(line), locale),
    kind: 'amount',
  });
  const columns: LineColumn[] = [
    { heading: t`Service date`, value: (line) => formatDate(line.serviceDate, locale), kind: 'text' },
    { heading: t`Units`, value: (line) => String(line.units), kind: 'amount' },
    amount(t`Charged`, (line) => line.chargeCents),
    amount(t`Insurance paid`, (line) => line.insurancePaidCents),
    amount(t`Adjustments`, (line) => line.adjustmentsCents),
    amount(t`You paid`, (line) => line.patientPaidCents),
    amount(t`Left to pay`, (line) => line.balanceCents),
    { heading: t`Billed to`, value: (line) => line.payerName, kind: 'labData' },
    { heading: t`Claim status`, value: (line) => line.claimStatus, kind: 'labData' },
  ];
  const numeric = (column: LineColumn) => (column.kind === 'amount' ? 'numeric' : undefined);
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      {/* On narrow screens each row is a card, and data-label names each value in it. */}
      <table className="data-table invoices-table invoice-lines-table">
        <caption id={captionId}>
          {patient ? <Trans>Services on invoice {number}, for {patient}</Trans> : <Trans>Services on invoice {number}</Trans>}
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Service</Trans>
            </th>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={numeric(column)}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.lineNumber} data-line={line.lineNumber}>
              <th scope="row">
                <span lang={labDataLanguage}>{line.description}</span> <span className="procedure-code">({line.procedureCode})</span>
              </th>
              {columns.map((column) => (
                <td
                  key={column.heading}
                  className={numeric(column)}
                  data-label={column.heading}
                  lang={column.kind === 'labData' ? labDataLanguage : undefined}
                >
                  {column.value(line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The No Surprises Act's dispute right, where the invoice's charges exceed its good-faith estimate
 * by $400 or more: until when the patient may dispute the bill (or that the time has passed), and
 * the client's notice of billing rights.
 */
function DisputeNotice({ invoice }: { invoice: OpenInvoice }) {
  const locale = useLanguage();
  const client = useSelector(useMachines().client, selectClient);
  const headingId = useId();
  const right = disputeRight(invoice, today());
  if (!right) return null;
  const charges = formatMoney(right.chargesCents, locale);
  const estimate = formatMoney(right.estimateCents, locale);
  const excess = formatMoney(right.excessCents, locale);
  const deadline = formatDate(right.deadline, locale);
  const billDate = formatDate(invoice.invoiceDate, locale);
  return (
    <div className="notice dispute-notice" role="group" aria-labelledby={headingId} data-dispute={invoice.invoiceNumber}>
      <p id={headingId} className="dispute-notice-title">
        <Trans>You may have the right to dispute this bill</Trans>
      </p>
      <p>
        <Trans>
          The charges on this bill ({charges}) are {excess} more than the good-faith estimate you were given ({estimate}).
        </Trans>{' '}
        {right.passed ? (
          <Trans>
            You could dispute the bill with the provider within 120 days of the bill date ({billDate}); that period ended on {deadline}.
          </Trans>
        ) : (
          <Trans>
            You may dispute the bill with the provider within 120 days of the bill date ({billDate}), that is until {deadline}.
          </Trans>
        )}
      </p>
      {client ? (
        <p>
          <a href={publicDocumentPdfUrl('billingRightsNotice', client, locale)} download>
            <Trans>Read the notice of your billing rights (PDF)</Trans>
          </a>
        </p>
      ) : null}
    </div>
  );
}
