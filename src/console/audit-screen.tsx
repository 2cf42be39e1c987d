import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEvent, AuditQuery } from '@contracts/console';
import { useState, type SyntheticEvent } from 'react';
import { Screen } from '@/components/screen';
import { formatDateTime } from '@/lib/format';
import { auditCsvUrl } from './office-api';
import { useNavigate } from '@tanstack/react-router';
import { ColumnHeaders } from '@/components/column-headers';
import { useAuditWords } from './audit-words';

/**
 * The audit trail (`/{client}/office/audit`): every staff action and API-key call of the lab,
 * newest first, found by words and dates (the address keeps the search), and the same as CSV.
 */
export function AuditScreen({ events, more, query }: { events: AuditEvent[]; more: boolean; query: Partial<AuditQuery> }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const words = useAuditWords();
  const [q, setQ] = useState(query.q ?? '');
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const search = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate({ to: '/{-$client}/office/audit', search: { q: q.trim() || undefined, from: from || undefined, to: to || undefined } });
  };
  const outcomeName = (outcome: AuditEvent['outcome']) => (outcome === 'ok' ? t`Done` : outcome === 'refused' ? t`Refused` : t`Failed`);
  return (
    <Screen title={<Trans>Audit trail</Trans>}>
      <p>
        <Trans>Every staff action and every API-key call of this lab, kept six years. Nobody can change or remove an entry.</Trans>
      </p>
      <form className="office-filters" role="search" onSubmit={search}>
        <div className="field">
          <label htmlFor="audit-q">
            <Trans>Words</Trans>
          </label>
          <input id="audit-q" name="q" value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">
            <Trans>From</Trans>
          </label>
          <input id="audit-from" name="from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">
            <Trans>To</Trans>
          </label>
          <input id="audit-to" name="to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
        <div className="office-actions">
          <button type="submit" className="button">
            <Trans>Search</Trans>
          </button>
          <a className="button button-secondary" href={auditCsvUrl(query)} download>
            <Trans>Download as CSV</Trans>
          </a>
        </div>
      </form>
      {events.length === 0 ? (
        <p role="status" tabIndex={-1} data-search-results>
          <Trans>Nothing found.</Trans>
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Audit trail entries`} data-search-results>
          <table className="data-table" data-testid="audit-trail">
            <ColumnHeaders names={[t`When`, t`Who`, t`What`, t`Account`, t`Outcome`, t`From`]} />
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <td>{formatDateTime(event.occurredAt, i18n.locale)}</td>
                  <td>
                    {event.actor}
                    {event.role ? <span className="field-hint"> ({words.role(event.role)})</span> : null}
                  </td>
                  <td>
                    {words.action(event.action)}
                    {event.target ? <> · {event.target}</> : null}
                    {event.detail ? <span className="field-hint"> · {words.detail(event.detail)}</span> : null}
                  </td>
                  <td>{event.accountNumber ?? ''}</td>
                  <td>{outcomeName(event.outcome)}</td>
                  <td>{event.ipAddress}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more ? (
        <p>
          <Trans>Only the newest 200 are shown: narrow the search, or download the CSV for all of them.</Trans>
        </p>
      ) : null}
    </Screen>
  );
}
