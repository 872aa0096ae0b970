import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './modal.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

export interface ModalProps {
  open: boolean;
  /** Asked to close (Escape, or the dialog was closed by the browser). */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** false while something must not be interrupted: Escape is then ignored. */
  dismissible?: boolean;
  /**
   * Where the focus goes when the dialog closes, instead of where it was when it opened: that may be nowhere
   * (its button, disabled while the action prepared, lost the focus) or a place the action removed.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * An accessible modal dialog on the native <dialog> (showModal): the page behind is inert, focus moves
 * into the dialog and is kept there (Tab and Shift+Tab wrap), Escape closes it, and focus goes back to
 * where it was. Labelled by its title, described by its description.
 */
export function Modal({ open, onClose, title, description, dismissible = true, returnFocusTo, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      focusablesIn(dialog)[0]?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Give focus back when the dialog goes away (closed, or unmounted with its screen).
  useEffect(() => {
    if (open) return;
    const target = returnFocusTo?.current ?? returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusablesIn(ref.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !ref.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !ref.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: we decide (the parent owns `open`).
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (e.g. a repeated Escape): tell the parent.
        if (open) onClose();
      }}
    >
      {open && (
        <div className="modal__body">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="note">
              {description}
            </p>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
