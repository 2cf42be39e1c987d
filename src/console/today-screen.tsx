import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Today } from '@contracts/console-work';
import { Screen } from '@/components/screen';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { AccountLink } from './account-link';
import { ColumnHeaders } from '@/components/column-headers';

/**
 * The console's first screen: the business day's payments, refunds and voids with the running
 * total, the last imports with their outcome, webhook deliveries failing, and who is locked out
 * of signing in right now.
 */
export function TodayScreen({ today }: { today: Today }) {
  const { t, i18n } = useLingui();
  const money = (cents: number) => formatMoney(cents, i18n.locale);
  const kindName = (kind: Today['money'][number]['kind']) => (kind === 'payment' ? t`Payment` : kind === 'refund' ? t`Refund` : t`Void`);
  const importOutcome = (status: Today['imports'][number]['status']) => (status === 'imported' ? t`Imported` : status === 'running' ? t`Running` : t`Refused`);
  return (
    <Screen title={<Trans>Today</Trans>}>
      <p>
        <Trans>
          Business day {formatDate(today.businessDate, i18n.locale)} ({today.timeZone})
        </Trans>
      </p>
      <dl className="today-totals" data-testid="today-totals">
        <div>
          <dt>
            <Trans>Payments</Trans>
          </dt>
          <dd>{money(today.paymentsCents)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Refunds and voids</Trans>
          </dt>
          <dd>{money(today.refundsCents)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Net</Trans>
          </dt>
          <dd>{money(today.netCents)}</dd>
        </div>
      </dl>

      <h2>
        <Trans>Money taken and given back today</Trans>
      </h2>
      {today.money.length === 0 ? (
        <p>
          <Trans>Nothing yet today.</Trans>
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Money taken and given back today`}>
          <table className="data-table">
            <ColumnHeaders names={[t`When`, t`What`, t`Account`, t`Amount`, t`Running total`]} />
            <tbody>
              {today.money.map((row) => (
                <tr key={`${row.kind}-${row.reference}`}>
                  <td>{formatDateTime(row.occurredAt, i18n.locale)}</td>
                  <td>
                    {kindName(row.kind)} {row.reference}
                  </td>
                  <td>{row.accountNumber}</td>
                  <td>{row.kind === 'payment' ? money(row.amountCents) : `−${money(row.amountCents)}`}</td>
                  <td>{money(row.runningTotalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>
        <Trans>Last imports</Trans>
      </h2>
      {today.imports.length === 0 ? (
        <p>
          <Trans>No statement file imported yet.</Trans>
        </p>
      ) : (
        <ul className="today-list">
          {today.imports.map((each) => (
            <li key={each.id}>
              {formatDateTime(each.startedAt, i18n.locale)} · {each.fileName} · {importOutcome(each.status)} ·{' '}
              <Plural value={each.rowsRefused} _0="no row refused" one="# row refused" other="# rows refused" />
            </li>
          ))}
        </ul>
      )}

      <h2>
        <Trans>Webhook deliveries failing</Trans>
      </h2>
      {today.failingDeliveries.count === 0 ? (
        <p>
          <Trans>None: every event reached its endpoint.</Trans>
        </p>
      ) : (
        <>
          <p role="status">
            <Plural value={today.failingDeliveries.count} one="# delivery is failing." other="# deliveries are failing." />
          </p>
          <ul className="today-list">
            {today.failingDeliveries.newest.map((delivery) => (
              <li key={delivery.id}>
                {delivery.eventType} {delivery.eventId} · {delivery.status === 'failed' ? t`failed` : t`not delivered yet, tried again`}
              </li>
            ))}
          </ul>
        </>
      )}

      <h2>
        <Trans>Locked out of signing in</Trans>
      </h2>
      {today.lockedOut.length === 0 ? (
        <p>
          <Trans>Nobody right now.</Trans>
        </p>
      ) : (
        <ul className="today-list">
          {today.lockedOut.map((who) => (
            <li key={`${who.kind}-${who.email ?? ''}-${who.accountNumber ?? ''}`}>
              {who.accountNumber !== null ? (
                // The account's page is where its users are helped: a lock is cleared there.
                <AccountLink accountNumber={who.accountNumber}>
                  {who.email ?? who.accountNumber}
                </AccountLink>
              ) : (
                who.email
              )}{' '}
              ·{' '}
              <Plural value={who.failures} one="# failed try" other="# failed tries" /> ·{' '}
              <Plural value={Math.ceil(who.retryAfterSeconds / 60)} one="may try again in # minute" other="may try again in # minutes" />
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
