import { Plural, Trans } from '@lingui/react/macro';
import type { BalanceChange } from '@machines/payment/payment.types';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useLanguage } from '@/lib/use-language';

interface BalanceChangeNoticeProps {
  change: BalanceChange;
  /** Nothing is left to pay, so there are no amounts to check. */
  nothingLeft?: boolean;
}

/**
 * Tells the payer that the payment was refused, and nothing charged, because balances changed
 * since the amounts were chosen (a payment made elsewhere), naming the invoices. It takes the
 * focus when it appears, so a screen reader reads it before anything else on the page.
 */
export function BalanceChangeNotice({ change, nothingLeft = false }: BalanceChangeNoticeProps) {
  const locale = useLanguage();
  const notice = useRef<HTMLDivElement>(null);
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const changed = list.format(change.changed);
  const closed = list.format(change.closed);

  const router = useRouter();
  useEffect(() => {
    const focus = () => notice.current?.focus();
    focus();
    // The navigation that brings the amounts page moves the focus to its heading once the page has
    // rendered, on the next frame; the notice takes it back on the frame after that.
    const stop = router.subscribe('onResolved', ({ pathChanged }) => {
      if (!pathChanged) return;
      stop();
      requestAnimationFrame(focus);
    });
    return stop;
  }, [router]);

  return (
    <div className="notice" role="alert" tabIndex={-1} ref={notice} data-testid="balance-change">
      <p>
        {change.changed.length > 0 ? (
          <Plural
            value={change.changed.length}
            one={`The balance of invoice ${changed} changed since you started, perhaps because of a payment made elsewhere.`}
            other={`The balances of invoices ${changed} changed since you started, perhaps because of a payment made elsewhere.`}
          />
        ) : null}{' '}
        {change.closed.length > 0 ? (
          <Plural
            value={change.closed.length}
            one={`Invoice ${closed} has been paid since you started, perhaps elsewhere, and is no longer part of this payment.`}
            other={`Invoices ${closed} have been paid since you started, perhaps elsewhere, and are no longer part of this payment.`}
          />
        ) : null}
        {change.changed.length === 0 && change.closed.length === 0 ? (
          <Trans>The balances of your invoices changed since you started, perhaps because of a payment made elsewhere.</Trans>
        ) : null}
      </p>
      <p>
        {nothingLeft ? (
          <Trans>Nothing was charged.</Trans>
        ) : (
          <Trans>Nothing was charged. We have loaded the new balances: please check the amounts and continue.</Trans>
        )}
      </p>
    </div>
  );
}
