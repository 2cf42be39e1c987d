import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '@/lib/format';

/** An amount of cents in the reader's language. */
export function Money({ cents }: { cents: number }) {
  const { i18n } = useLingui();
  return <span className="money">{formatMoney(cents, i18n.locale)}</span>;
}
