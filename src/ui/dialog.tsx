import { t } from '@lingui/core/macro';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialog.css';

interface Props {
  open: boolean;
  /** Called for Esc, the close button and a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLDialogElement>) => void;
}

/**
 * Modal dialog on the native <dialog>: showModal() gives the focus trap, the inert page behind
 * and Esc for free; the title labels it. Focus returns to the opener when it closes.
 */
export function Dialog({ open, onClose, title, children, className, testId, onKeyDown }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
      return () => {
        if (d.open) d.close();
        opener?.focus();
      };
    }
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        // Esc: let React state decide, so the dialog never closes behind the app's back.
        e.preventDefault();
        onCloseRef.current();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onCloseRef.current();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="dialog__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="dialog__close" onClick={() => onCloseRef.current()} aria-label={t`Close`}>
          ✕
        </button>
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
