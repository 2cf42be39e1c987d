import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountMatch } from '@contracts/console-work';
import { useState, type SyntheticEvent } from 'react';
import { Screen } from '@/components/screen';
import { Link, useNavigate } from '@tanstack/react-router';
import { AccountLink } from './account-link';
import { formatMoney } from '@/lib/format';
import { ColumnHeaders } from '@/components/column-headers';

/**
 * Patients (`/{client}/office/patients`): the lab's accounts found by account number, the
 * holder's name, a registered user's email or an invoice number (the address keeps the words),
 * each leading to its page.
 */
export function PatientsScreen({ q, found }: { q: string; found: { accounts: AccountMatch[]; more: boolean } | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [words, setWords] = useState(q);
  const search = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate({ to: '/{-$client}/office/patients', search: { q: words.trim() || undefined } });
  };
  const matchedBy = (match: AccountMatch['matchedBy']) =>
    match === 'accountNumber' ? t`Account number` : match === 'name' ? t`Name` : match === 'email' ? t`A user's email` : t`Invoice number`;
  return (
    <Screen title={<Trans>Patients</Trans>}>
      <form className="office-filters" role="search" onSubmit={search}>
        <div className="field">
          <label htmlFor="patients-q">
            <Trans>Account number, name, email or invoice number</Trans>
          </label>
          <input id="patients-q" name="q" value={words} maxLength={100} onChange={(event) => setWords(event.target.value)} />
        </div>
        <div className="office-actions">
          <button type="submit" className="button">
            <Trans>Search</Trans>
          </button>
        </div>
      </form>
      {found === null ? null : found.accounts.length === 0 ? (
        <p role="status" tabIndex={-1} data-search-results>
          <Trans>No account matches “{q}”.</Trans>
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Accounts found`} data-search-results>
          <table className="data-table">
            <ColumnHeaders names={[t`Account`, t`Holder`, t`Found by`, t`Open balance`]} />
            <tbody>
              {found.accounts.map((account) => (
                <tr key={account.accountNumber}>
                  <td>
                    <AccountLink accountNumber={account.accountNumber}>{account.accountNumber}</AccountLink>
                  </td>
                  <td>{account.holderName}</td>
                  <td>{matchedBy(account.matchedBy)}</td>
                  <td>{formatMoney(account.openBalanceCents, i18n.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {found?.more ? (
        <p>
          <Trans>Only the first 50 are shown: add to the words to narrow the search.</Trans>
        </p>
      ) : null}
    </Screen>
  );
}

/** An account number that is none of this lab's (mistyped, or another lab's): said so, with the search to find the right one. */
export function NoAccountScreen({ accountNumber, clientName }: { accountNumber: string; clientName: string }) {
  return (
    <Screen title={<Trans>Account {accountNumber}</Trans>}>
      <div className="notice notice-error" role="alert">
        <p>
          <Trans>
            {accountNumber} is not an account number at {clientName}. Check the number, or search for the patient by name, email or invoice
            number.
          </Trans>
        </p>
      </div>
      <p>
        <Link to="/{-$client}/office/patients">
          <Trans>Search the patients</Trans>
        </Link>
      </p>
    </Screen>
  );
}
