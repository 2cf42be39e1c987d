import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountUser, AccountView } from '@contracts/console-work';
import { isLanguage } from '@contracts/session';
import { patientHelpMachine } from '@machines/console/patient-help.machine';
import { selectFailure, selectIsBusy, selectNotice, selectUsers } from '@machines/console/patient-help.selectors';
import { useSelector } from '@xstate/react';
import { Screen } from '@/components/screen';
import { Link } from '@tanstack/react-router';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { statementPdfUrl } from './office-api';
import { useConsoleFailureMessage } from './office-messages';
import { createPatientHelpImplementations } from './office.implementations';
import { ColumnHeaders } from '@/components/column-headers';
import { RowButton } from '@/components/row-button';
import { useScreenActor } from '@/lib/use-screen-actor';
import { usePatientHelpEvents } from './account-events';

/**
 * An account's page (`/{client}/office/patients/{accountNumber}`): what its patient sees (open
 * invoices with their lines, paid invoices, payments with their refunds, the statement) and who
 * may sign in to it; billing staff and office admins help those users (`canHelp`).
 */
export function AccountScreen({ view, canHelp }: { view: AccountView; canHelp: boolean }) {
  const { t, i18n } = useLingui();
  const money = (cents: number) => formatMoney(cents, i18n.locale);
  const { account } = view;
  return (
    <Screen title={<Trans>Account {account.accountNumber}</Trans>}>
      <p>
        <Link to="/{-$client}/office/patients" search={{ q: account.accountNumber }}>
          <Trans>Back to Patients</Trans>
        </Link>
      </p>
      <dl className="office-facts">
        <dt>
          <Trans>Holder</Trans>
        </dt>
        <dd>{account.holderName}</dd>
        <dt>
          <Trans>Due now</Trans>
        </dt>
        <dd>{money(account.totalDueCents)}</dd>
        <dt>
          <Trans>Email on file</Trans>
        </dt>
        <dd>{view.contact.email ?? '—'}</dd>
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{view.contact.phone || '—'}</dd>
      </dl>

      <h2>
        <Trans>Open invoices</Trans>
      </h2>
      {account.invoices.length === 0 ? (
        <p>
          <Trans>No open invoices.</Trans>
        </p>
      ) : (
        account.invoices.map((invoice) => (
          <div key={invoice.invoiceNumber} className="table-scroll" tabIndex={0} role="region" aria-label={t`Invoice ${invoice.invoiceNumber}`}>
            <table className="data-table">
              <caption>
                <Trans>
                  Invoice {invoice.invoiceNumber} · {invoice.description} · dated {formatDate(invoice.invoiceDate, i18n.locale)}, due {formatDate(invoice.dueDate, i18n.locale)} ·
                  balance {money(invoice.balanceCents)} of {money(invoice.amountCents)}
                </Trans>
              </caption>
              <ColumnHeaders names={[t`Service`, t`Date`, t`Charge`, t`Insurance paid`, t`Adjustments`, t`Patient paid`, t`Balance`]} />
              <tbody>
                {invoice.lines.map((line) => (
                  <tr key={line.lineNumber}>
                    <td>
                      {line.description} <span className="field-hint">({line.procedureCode})</span>
                    </td>
                    <td>{formatDate(line.serviceDate, i18n.locale)}</td>
                    <td>{money(line.chargeCents)}</td>
                    <td>{money(line.insurancePaidCents)}</td>
                    <td>{money(line.adjustmentsCents)}</td>
                    <td>{money(line.patientPaidCents)}</td>
                    <td>{money(line.balanceCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}

      {view.paidInvoices.length > 0 ? (
        <>
          <h2>
            <Trans>Paid invoices</Trans>
          </h2>
          <ul>
            {view.paidInvoices.map((invoice) => (
              <li key={invoice.invoiceNumber}>
                <Trans>
                  {invoice.invoiceNumber} · {invoice.description} · {money(invoice.amountCents)}
                </Trans>
                {invoice.paidAt ? <> · {formatDateTime(invoice.paidAt, i18n.locale)}</> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>
        <Trans>Payments</Trans>
      </h2>
      {view.payments.length === 0 ? (
        <p>
          <Trans>No payments in the portal.</Trans>
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Payments`}>
          <table className="data-table">
            <ColumnHeaders names={[t`Confirmation`, t`Paid`, t`Card`, t`Amount`, t`Given back`]} />
            <tbody>
              {view.payments.map((payment) => (
                <tr key={payment.confirmationNumber}>
                  <td>{payment.confirmationNumber}</td>
                  <td>{formatDateTime(payment.paidAt, i18n.locale)}</td>
                  <td>
                    {payment.cardBrand} ···· {payment.cardLast4}
                  </td>
                  <td>{money(payment.totalCents)}</td>
                  <td>
                    {payment.refunds.length === 0 ? '—' : null}
                    {payment.refunds.map((back) => (
                      <div key={`${back.kind}-${back.at}`}>
                        {back.kind === 'void' ? (
                          <Trans>
                            Voided {money(back.amountCents)} on {formatDateTime(back.at, i18n.locale)}
                          </Trans>
                        ) : (
                          <Trans>
                            Refunded {money(back.amountCents)} on {formatDateTime(back.at, i18n.locale)}
                          </Trans>
                        )}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>
        <Trans>Documents</Trans>
      </h2>
      {view.documents.statement ? (
        <p>
          <a href={statementPdfUrl(account.accountNumber, isLanguage(i18n.locale) ? i18n.locale : 'en-US')} download>
            <Trans>The statement (PDF)</Trans>
          </a>
        </p>
      ) : (
        <p>
          <Trans>No statement for this account.</Trans>
        </p>
      )}

      <AccountUsers accountNumber={account.accountNumber} users={view.users} canHelp={canHelp} />
    </Screen>
  );
}

/** The account's registered users, with the help billing staff may give each. */
function AccountUsers({ accountNumber, users, canHelp }: { accountNumber: string; users: AccountUser[]; canHelp: boolean }) {
  const { t } = useLingui();
  const actor = useScreenActor(() => patientHelpMachine.provide(createPatientHelpImplementations(accountNumber)), { input: { users } });
  const { resendActivation, endSessions, clearLock } = usePatientHelpEvents(actor);
  const rows = useSelector(actor, selectUsers);
  const notice = useSelector(actor, selectNotice);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const consoleFailure = useConsoleFailureMessage();
  const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
  const stateOf = (user: AccountUser) => {
    const states = [user.activated ? t`Activated` : t`Not activated yet`];
    if (user.accountDisabled) states.push(t`Access removed by the office`);
    if (user.lockedForSeconds > 0) states.push(t`Sign-in locked for ${minutes(user.lockedForSeconds)} more minutes`);
    return states.join(' · ');
  };
  return (
    <>
      <h2>
        <Trans>Registered users</Trans>
      </h2>
      <div role="status">
        {notice ? (
          <p className="notice notice-success">
            {notice.kind === 'resendActivation' ? (
              <Trans>A new activation link went to {notice.email}.</Trans>
            ) : notice.kind === 'endSessions' ? (
              <Trans>{notice.email} is signed out everywhere: sessions ended: {notice.count}.</Trans>
            ) : (
              <Trans>{notice.email} may sign in again now: failed sign-ins forgotten: {notice.count}.</Trans>
            )}
          </p>
        ) : null}
      </div>
      {failure ? (
        <p className="form-error" role="alert">
          {failure === 'alreadyActivated'
            ? t`This user has activated already: no link was sent.`
            : failure === 'tooManyRequests'
              ? t`This address had three emails from us in the last 15 minutes. Wait a few minutes, then try again.`
              : consoleFailure(failure)}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>
          <Trans>Nobody has registered for this account.</Trans>
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Registered users`}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>User</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
                <th scope="col">
                  <Trans>Sessions</Trans>
                </th>
                {canHelp ? (
                  <th scope="col">
                    <Trans>Help</Trans>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user.userId}>
                  <td>
                    {user.name} <span className="field-hint">{user.email}</span>
                  </td>
                  <td>{stateOf(user)}</td>
                  <td>{user.sessions}</td>
                  {canHelp ? (
                    <td>
                      <div className="office-actions">
                        {user.activated ? null : (
                          <RowButton busy={busy} onClick={() => resendActivation(user.userId)}>
                            <Trans>Send {user.email} a new activation link</Trans>
                          </RowButton>
                        )}
                        {user.sessions > 0 ? (
                          <RowButton busy={busy} onClick={() => endSessions(user.userId)}>
                            <Trans>Sign {user.email} out everywhere</Trans>
                          </RowButton>
                        ) : null}
                        {user.lockedForSeconds > 0 ? (
                          <RowButton busy={busy} onClick={() => clearLock(user.userId)}>
                            <Trans>Clear {user.email}'s sign-in lock</Trans>
                          </RowButton>
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
