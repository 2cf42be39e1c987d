import { Trans, useLingui } from '@lingui/react/macro';
import { keptCents, type AccountDocuments, type DocumentList, type PastPayment, type PublicDocumentKind } from '@contracts/documents';
import type { CardBrand } from '@contracts/processor';
import { Link, useLoaderData, useMatches } from '@tanstack/react-router';
import { Fragment, useId, type ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { ReceiptLink } from '@/components/receipt-link';
import { Screen } from '@/components/screen';
import { publicDocumentPdfUrl, statementPdfUrl } from '@/lib/api/documents-endpoints';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

const brandNames: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: '',
};

/**
 * The documents anyone may read (the provider's policies and notices), then, for a signed-in user
 * or guest, the account's statement and the receipt of every past payment (with what it paid on
 * each invoice, and what was given back of it), each a PDF download.
 */
export function DocumentsScreen() {
  const data = useLoaderData({ from: '/{-$client}/documents' });
  return (
    <Screen title={<Trans>Documents</Trans>}>
      <PublicDocuments client={data.client} kinds={data.publicDocuments} />
      {data.account ? <AccountDocumentsSection account={data.account} /> : <NoAccountDocuments reason={data.accountUnavailable} />}
    </Screen>
  );
}

/** The documents screen when its list could not be loaded. */
export function DocumentsLoadFailed() {
  return (
    <LoadFailed title={<Trans>Documents</Trans>}>
      <Trans>We could not load your documents. Please check your connection and try again.</Trans>
    </LoadFailed>
  );
}

/** A section named by its h2. */
function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

function PublicDocuments({ client, kinds }: { client: DocumentList['client']; kinds: PublicDocumentKind[] }) {
  const language = useLanguage();
  const title = <Trans>Policies and notices</Trans>;
  if (!client) {
    return (
      <Section title={title}>
        <p className="notice" data-testid="no-provider">
          <Trans>No provider is chosen, so there are no policies to show. Open this page from your provider&apos;s link, such as the one on your bill.</Trans>
        </p>
      </Section>
    );
  }
  // <bdi> keeps a right-to-left name from reordering the words around it.
  const provider = <bdi>{client.name}</bdi>;
  return (
    <Section title={title}>
      <p>
        <Trans>{provider} shares these with every patient. Anyone may read them.</Trans>
      </p>
      <ul>
        {kinds.map((kind) => (
          <li key={kind}>
            <a href={publicDocumentPdfUrl(kind, client, language)} download>
              <PublicDocumentLink kind={kind} />
            </a>
            <p>
              <PublicDocumentSummary kind={kind} />
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function PublicDocumentLink({ kind }: { kind: PublicDocumentKind }) {
  return kind === 'financialAssistancePolicy' ? (
    <Trans>Download the financial assistance policy (PDF)</Trans>
  ) : (
    <Trans>Download the notice of your billing rights (PDF)</Trans>
  );
}

function PublicDocumentSummary({ kind }: { kind: PublicDocumentKind }) {
  return kind === 'financialAssistancePolicy' ? (
    <Trans>Who can get help paying a bill, what help there is, and how to ask for it.</Trans>
  ) : (
    <Trans>Your rights to an itemized bill, to question a charge, and to be spared surprise bills.</Trans>
  );
}

/** In place of the account's documents: a way to sign in, or why a signed-in account has none. */
function NoAccountDocuments({ reason }: { reason: DocumentList['accountUnavailable'] }) {
  // This page, to come back to after signing in.
  const pathname = useMatches({ select: (matches) => matches.at(-1)?.pathname });
  if (reason === 'accountDisabled') {
    return (
      <Section title={<Trans>Your statement and receipts</Trans>}>
        <p className="notice">
          <Trans>This account is disabled, so its statement and receipts cannot be shown. Please <Link to="/{-$client}/contact">contact us</Link>.</Trans>
        </p>
      </Section>
    );
  }
  return (
    <Section title={<Trans>Your statement and receipts</Trans>}>
      <p>
        <Trans>Sign in to download the statement of your account and the receipts of your payments.</Trans>
      </p>
      <div className="actions">
        <Link to="/{-$client}/login" search={{ redirect: pathname }} className="button">
          <Trans>Sign in</Trans>
        </Link>
        <Link to="/{-$client}/guestLogin" search={{ redirect: pathname }} className="button button-secondary">
          <Trans>Sign in as a guest</Trans>
        </Link>
      </div>
    </Section>
  );
}

function AccountDocumentsSection({ account }: { account: AccountDocuments }) {
  const language = useLanguage();
  const holder = <bdi>{account.holderName}</bdi>;
  const accountNumber = account.accountNumber;
  const totalDue = formatMoney(account.totalDueCents, language);
  return (
    <>
      <Section title={<Trans>Your statement</Trans>}>
        <p>
          <Trans>
            Account {accountNumber}, {holder}: {totalDue} due today, with every open invoice and your recent payments.
          </Trans>
        </p>
        <div className="actions">
          <a className="button" href={statementPdfUrl(language)} download>
            <Trans>Download statement (PDF)</Trans>
          </a>
        </div>
      </Section>
      <Section title={<Trans>Payment history</Trans>}>
        {account.payments.length === 0 ? (
          <p data-testid="no-payments">
            <Trans>No payments yet.</Trans>
          </p>
        ) : (
          <PaymentHistory accountNumber={accountNumber} payments={account.payments} />
        )}
      </Section>
    </>
  );
}

function PaymentHistory({ accountNumber, payments }: { accountNumber: string; payments: PastPayment[] }) {
  const { t } = useLingui();
  const language = useLanguage();
  const captionId = useId();
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      {/* On narrow screens each row is a card, and data-label names each value in it. */}
      <table className="data-table invoices-table">
        <caption id={captionId}>
          <Trans>Payments on account {accountNumber}, newest first</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Confirmation number</Trans>
            </th>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Card</Trans>
            </th>
            <th scope="col">
              <Trans>Invoices paid</Trans>
            </th>
            <th scope="col" className="numeric">
              <Trans>Amount</Trans>
            </th>
            <th scope="col">
              <Trans>Receipt</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => {
            const card = brandNames[payment.cardBrand] || t`Card`;
            const last4 = payment.cardLast4;
            const confirmationNumber = payment.confirmationNumber;
            const givenBack = payment.refunds.length > 0;
            return (
              <Fragment key={confirmationNumber}>
                <tr data-payment={confirmationNumber} className={givenBack ? 'given-back' : undefined}>
                  <th scope="row">{confirmationNumber}</th>
                  <td data-label={t`Date`}>{formatDateTime(payment.paidAt, language)}</td>
                  <td data-label={t`Card`}>
                    <Trans>
                      {card} ending in {last4}
                    </Trans>
                  </td>
                  <td data-label={t`Invoices paid`}>
                    <ul className="plain-list">
                      {payment.lines.map(({ invoiceNumber, amountCents }) => {
                        const amount = formatMoney(amountCents, language);
                        return (
                          <li key={invoiceNumber} data-paid={invoiceNumber}>
                            <Trans>
                              {invoiceNumber}: {amount}
                            </Trans>
                          </li>
                        );
                      })}
                    </ul>
                  </td>
                  <td className="numeric" data-label={t`Amount`}>
                    {formatMoney(payment.totalCents, language)}
                  </td>
                  <td data-label={t`Receipt`}>
                    <ReceiptLink confirmationNumber={confirmationNumber} />
                  </td>
                </tr>
                {givenBack ? (
                  // Under its payment, across the columns (on a narrow screen, the foot of the payment's card).
                  <tr className="money-back-row" data-money-back={confirmationNumber}>
                    <td colSpan={6}>
                      <MoneyBack payment={payment} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** What was given back of a payment, in the order given back, then what the payer kept paid after refunds; in words, never colour alone. */
function MoneyBack({ payment }: { payment: PastPayment }) {
  const language = useLanguage();
  const kept = formatMoney(keptCents(payment), language);
  return (
    <ul className="plain-list money-back">
      {payment.refunds.map((back, index) => {
        const amount = formatMoney(back.amountCents, language);
        const date = formatDateTime(back.at, language);
        return (
          // The list is the money events' own, in their order; it never changes under the screen.
          <li key={index}>
            {back.kind === 'void' ? <Trans>Cancelled on {date} — your card was not charged</Trans> : <Trans>Refunded {amount} on {date}</Trans>}
          </li>
        );
      })}
      {payment.refunds.some((back) => back.kind === 'refund') ? (
        <li className="money-kept">
          <Trans>You paid {kept} after refunds</Trans>
        </li>
      ) : null}
    </ul>
  );
}
