import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  /** What Escape does (the dialog never closes by itself). */
  onEscape: () => void;
}

/**
 * A modal alert dialog on the native <dialog>: the rest of the page is inert while it is open,
 * so focus stays inside, and it does not block the page's timers as window.confirm would.
 */
export function ModalDialog({ title, children, actions, onEscape }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onEscape();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}
