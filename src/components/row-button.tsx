import type { ReactNode } from 'react';

/** A row's action: marked unavailable (but still focusable) while a call is under way. */
export function RowButton({ busy, onClick, children }: { busy: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="button button-secondary" aria-disabled={busy} onClick={onClick}>
      {children}
    </button>
  );
}
