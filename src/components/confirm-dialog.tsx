import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A yes-or-no question in the page (WAI-ARIA alert dialog): the safe answer, No, has the focus,
 * Escape answers No, and once answered the focus goes back to what asked the question when it is
 * still there to take it.
 */
export function ConfirmDialog({ question, yes, no, onYes, onNo }: { question: ReactNode; yes: ReactNode; no: ReactNode; onYes: () => void; onNo: () => void }) {
  const id = useId();
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    safe.current?.focus();
    return () => {
      // Focus left in the dialog goes with it: back to the opener (a button that is still there).
      const focus = document.activeElement;
      if (opener?.isConnected && (focus === null || focus === document.body)) opener.focus();
    };
  }, []);
  return (
    <div
      className="notice"
      role="alertdialog"
      aria-labelledby={id}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onNo();
      }}
    >
      <p id={id}>{question}</p>
      <div className="office-actions">
        <button type="button" className="button" onClick={onYes}>
          {yes}
        </button>
        <button type="button" className="button button-secondary" ref={safe} onClick={onNo}>
          {no}
        </button>
      </div>
    </div>
  );
}
