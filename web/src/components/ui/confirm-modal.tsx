import type { RefObject } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmModalProps {
  open: boolean;
  /** Closes without acting (Cancel, Escape). */
  onCancel: () => void;
  onConfirm: () => void;
  /** The action is under way: Escape is ignored, Cancel is disabled and the confirm button shows it is busy. */
  busy: boolean;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  /** Where the focus goes when it closes (the Modal's returnFocusTo). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** A destructive action asked again: the modal with Cancel and a danger-styled confirm button. */
export function ConfirmModal({ open, onCancel, onConfirm, busy, title, description, cancelLabel, confirmLabel, returnFocusTo }: ConfirmModalProps) {
  return (
    <Modal open={open} onClose={onCancel} dismissible={!busy} title={title} description={description} returnFocusTo={returnFocusTo}>
      <div className="modal__actions">
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
