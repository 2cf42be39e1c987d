import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useCopy } from '@/lib/use-copy';

/**
 * A key or secret shown once: the value, a button that copies it, and a button to put it away. It
 * takes the focus where it appears (its title is read, never the secret itself); once put away,
 * the focus goes to its section's heading (`returnTo`).
 */
export function ShownOnce({ title, value, onHide, returnTo }: { title: ReactNode; value: string; onHide: () => void; returnTo: string }) {
  const { t } = useLingui();
  const { copied, copy } = useCopy();
  const id = useId();
  const titleRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => titleRef.current?.focus(), [value]);
  const hide = () => {
    onHide();
    const heading = document.getElementById(returnTo);
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  };
  return (
    <div className="notice notice-success shown-once" role="group" aria-labelledby={id}>
      <p id={id} tabIndex={-1} ref={titleRef}>
        {title}
      </p>
      <p>
        <code data-testid="shown-once">{value}</code>
      </p>
      <p>
        <Trans>Copy it now and keep it safe: it will not be shown again.</Trans>
      </p>
      <div className="office-actions">
        <button type="button" className="button" onClick={() => copy(value)}>
          <Trans>Copy</Trans>
        </button>
        <button type="button" className="button button-secondary" onClick={hide}>
          <Trans>I have kept it</Trans>
        </button>
      </div>
      <p role="status">{copied ? (copied === 'copied' ? t`Copied.` : t`It could not be copied: select it and copy it yourself.`) : null}</p>
    </div>
  );
}
