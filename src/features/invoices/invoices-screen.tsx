import { Trans, useLingui } from '@lingui/react/macro';
import type { PaidInvoice } from '@contracts/accounts';
import { selectAccount, selectIsBillingUser } from '@machines/session/session.selectors';
import { Link, useLoaderData } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Fragment, useId } from 'react';
import { InvoiceExplained } from '@/components/invoice-explained';
import { LoadFailed } from '@/components/load-failed';
import { ReceiptLink } from '@/components/receipt-link';
import { Screen } from '@/components/screen';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useMachines } from '@/lib/machines';
import { usePayTarget } from '@/lib/use-pay-target';
import { useLanguage } from '@/lib/use-language';
import { labDataLanguage } from '@/lib/lab-data';

/** The account summary: the open invoices, what is due in all, and the way to pay it; then the paid invoices. */
export function InvoicesScreen() {
  const { t } = useLingui();
  const locale = useLanguage();
  const data = useLoaderData({ from: '/{-$client}/invoices' });
  const { session } = useMachines();
  const isUser = useSelector(session, selectIsBillingUser);
  const signedInAccount = useSelector(session, selectAccount);
  const payTarget = usePayTarget();
  const captionId = useId();
  const title = <Trans>Your invoices</Trans>;

  if (data.status === 'accountDisabled') {
    return (
      <Screen title={title}>
        <p className="notice">
          <Trans>This account is disabled, so its invoices cannot be shown or paid online. Please <Link to="/{-$client}/contact">contact us</Link>.</Trans>
        </p>
      </Screen>
    );
  }

  const { account, paidInvoices } = data.data;
  const payNow =
    payTarget.kind === 'externalCardPage' ? (
      <a className="button" href={payTarget.url} rel="noopener">
        <Trans>Pay now</Trans>
      </a>
    ) : payTarget.kind === 'wizard' ? (
      <Link to="/{-$client}/payment/online" className="button">
        <Trans>Pay now</Trans>
      </Link>
    ) : payTarget.kind === 'otherWays' ? (
      <Link to="/{-$client}/payment/other" className="button">
        <Trans>How to pay</Trans>
      </Link>
    ) : null;

  return (
    <Screen title={title}>
      <dl className="account-summary">
        {signedInAccount?.email ? (
          <>
            <dt>
              <Trans>Signed in as</Trans>
            </dt>
            <dd data-testid="account-email">{signedInAccount.email}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Account number</Trans>
        </dt>
        <dd data-testid="account-number">{account.accountNumber}</dd>
        <dt>
          <Trans>Account holder</Trans>
        </dt>
        <dd>{account.holderName}</dd>
        <dt>
          <Trans>Access</Trans>
        </dt>
        <dd>{isUser ? <Trans>Billing account holder</Trans> : <Trans>Guest</Trans>}</dd>
      </dl>
      {account.invoices.length === 0 ? (
        <p className="notice notice-success" data-testid="no-open-invoices">
          <Trans>You have no open invoices. There is nothing to pay.</Trans>
        </p>
      ) : (
        <>
          <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
            {/* On narrow screens each row is a card, and data-label names each value in it. */}
            <table className="data-table invoices-table">
              <caption id={captionId}>
                <Trans>Open invoices</Trans>
              </caption>
              <thead>
                <tr>
                  <InvoiceHeadings />
                  <th scope="col">
                    <Trans>Due date</Trans>
                  </th>
                  <th scope="col" className="numeric">
                    <Trans>Amount</Trans>
                  </th>
                  <th scope="col" className="numeric">
                    <Trans>Balance</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {account.invoices.map((invoice) => (
                  <Fragment key={invoice.invoiceNumber}>
                    <tr data-invoice={invoice.invoiceNumber} className={invoice.lines.length > 0 ? 'explained' : undefined}>
                      <InvoiceCells invoice={invoice} />
                      <td data-label={t`Due date`}>{formatDate(invoice.dueDate, locale)}</td>
                      <td className="numeric" data-label={t`Amount`}>
                        {formatMoney(invoice.amountCents, locale)}
                      </td>
                      <td className="numeric" data-label={t`Balance`} data-testid={`balance-${invoice.invoiceNumber}`}>
                        {formatMoney(invoice.balanceCents, locale)}
                      </td>
                    </tr>
                    {invoice.lines.length > 0 ? (
                      // Under its invoice, across the columns (on a narrow screen, the foot of the invoice's card).
                      <tr className="invoice-explained-row">
                        <td colSpan={6}>
                          <InvoiceExplained invoice={invoice} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={5}>
                    <Trans>Total due</Trans>
                  </th>
                  <td className="numeric" data-testid="total-due">
                    {formatMoney(account.totalDueCents, locale)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <div className="actions">{payNow}</div>
        </>
      )}
      <PaidInvoices invoices={paidInvoices} />
    </Screen>
  );
}

/** The headings both invoice tables start with. */
function InvoiceHeadings() {
  return (
    <>
      <th scope="col">
        <Trans>Invoice</Trans>
      </th>
      <th scope="col">
        <Trans>Date</Trans>
      </th>
      <th scope="col">
        <Trans>Description</Trans>
      </th>
    </>
  );
}

/** The cells both invoice tables start a row with: the invoice's number, date and description. */
function InvoiceCells({ invoice }: { invoice: { invoiceNumber: string; invoiceDate: string; description: string } }) {
  const { t } = useLingui();
  const locale = useLanguage();
  return (
    <>
      <th scope="row">{invoice.invoiceNumber}</th>
      <td data-label={t`Date`}>{formatDate(invoice.invoiceDate, locale)}</td>
      <td data-label={t`Description`} lang={labDataLanguage}>
        {invoice.description}
      </td>
    </>
  );
}

/** The paid invoices, the most recently paid first: when each was paid, and the receipt of the payment that paid it. */
function PaidInvoices({ invoices }: { invoices: PaidInvoice[] }) {
  const { t } = useLingui();
  const locale = useLanguage();
  const headingId = useId();
  return (
    // Not a landmark of its own: its table is the region the heading names (two of one name would confuse).
    <section className="paid-invoices">
      <h2 id={headingId}>
        <Trans>Paid invoices</Trans>
      </h2>
      {invoices.length === 0 ? (
        <p data-testid="no-paid-invoices">
          <Trans>No paid invoices yet.</Trans>
        </p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
          {/* On narrow screens each row is a card, and data-label names each value in it. */}
          <table className="data-table invoices-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <InvoiceHeadings />
                <th scope="col" className="numeric">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col">
                  <Trans>Paid on</Trans>
                </th>
                <th scope="col">
                  <Trans>Receipt</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => {
                const confirmationNumber = invoice.confirmationNumber;
                return (
                  <tr key={invoice.invoiceNumber} data-paid-invoice={invoice.invoiceNumber}>
                    <InvoiceCells invoice={invoice} />
                    <td className="numeric" data-label={t`Amount`}>
                      {formatMoney(invoice.amountCents, locale)}
                    </td>
                    <td data-label={t`Paid on`}>
                      {invoice.paidAt ? formatDateTime(invoice.paidAt, locale) : <Trans>Settled with the billing office</Trans>}
                    </td>
                    <td data-label={t`Receipt`}>
                      {confirmationNumber ? (
                        <ReceiptLink confirmationNumber={confirmationNumber} />
                      ) : (
                        <Trans>No receipt online</Trans>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The invoices screen when the account could not be loaded. */
export function InvoicesLoadFailed() {
  return (
    <LoadFailed title={<Trans>Your invoices</Trans>}>
      <Trans>We could not load your invoices. Please check your connection and try again.</Trans>
    </LoadFailed>
  );
}
