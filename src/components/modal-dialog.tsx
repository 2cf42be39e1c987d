import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  title: ReactNode;
  /** `alertdialog` (the default) for a question to answer; `dialog` for one that holds a form. */
  role?: 'alertdialog' | 'dialog';
  children: ReactNode;
  actions: ReactNode;
  /** What Escape does (the dialog never closes by itself). */
  onEscape: () => void;
}

/**
 * A modal alert dialog on the native <dialog>: the rest of the page is inert while it is open,
 * so focus stays inside, and it does not block the page's timers as window.confirm would.
 */
export function ModalDialog({ title, role = 'alertdialog', children, actions, onEscape }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // A layout effect, so that closing happens while the dialog is still on the page; focus then goes
  // back to where it was before the dialog opened, never to the page itself.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal-dialog"
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      // A form's every field would be read out as the description: only a question is described by its body.
      aria-describedby={role === 'alertdialog' ? bodyId : undefined}
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
