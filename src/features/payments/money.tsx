import { formatMoney } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

/** An amount of cents in the reader's language. */
export function Money({ cents }: { cents: number }) {
  return <span className="money">{formatMoney(cents, useLanguage())}</span>;
}
