import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { Money } from './money';
import { labDataLanguage } from '@/lib/lab-data';

export interface PaymentLineRow {
  invoiceNumber: string;
  description: string;
  amountCents: number;
  /** Shown in a last column when given: the invoice's balance after the payment. */
  balanceAfterCents?: number;
}

interface PaymentLinesTableProps {
  caption: ReactNode;
  /** The amount column's heading, which also names each amount on a narrow screen. */
  amountHeading: string;
  totalLabel: ReactNode;
  lines: PaymentLineRow[];
  totalCents: number;
  showBalances?: boolean;
}

/** What a payment pays against which invoice, and its total: on the review page and the receipt. */
export function PaymentLinesTable({ caption, amountHeading, totalLabel, lines, totalCents, showBalances = false }: PaymentLinesTableProps) {
  const captionId = useId();
  const { t } = useLingui();
  return (
    // Focusable so that keyboard users can scroll it, and named by its caption for screen readers.
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      {/* On narrow screens each row is a card, as the invoices are, and data-label names each value in it. */}
      <table className="data-table invoices-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Invoice</Trans>
            </th>
            <th scope="col">
              <Trans>Description</Trans>
            </th>
            <th scope="col" className="numeric">
              {amountHeading}
            </th>
            {showBalances ? (
              <th scope="col" className="numeric">
                <Trans>Balance left</Trans>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.invoiceNumber}>
              <th scope="row">{line.invoiceNumber}</th>
              <td data-label={t`Description`} lang={labDataLanguage}>
                {line.description}
              </td>
              <td className="numeric" data-label={amountHeading}>
                <Money cents={line.amountCents} />
              </td>
              {showBalances ? (
                <td className="numeric" data-label={t`Balance left`}>
                  {line.balanceAfterCents === undefined ? null : <Money cents={line.balanceAfterCents} />}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {totalLabel}
            </th>
            <td className="numeric">
              <Money cents={totalCents} />
            </td>
            {showBalances ? <td /> : null}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
