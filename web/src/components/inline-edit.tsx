import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from './ui/button';

/**
 * An item edited in place: `editing` switches the item to its form; `stop` closes it and puts the focus
 * back on the item's button marked `data-action={action}` (the one that opened the form).
 */
export function useInlineEdit<E extends HTMLElement>(action: string) {
  const ref = useRef<E>(null);
  const [editing, setEditing] = useState(false);
  const start = () => setEditing(true);
  const stop = () => {
    setEditing(false);
    requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>(`[data-action="${action}"]`)?.focus());
  };
  return { ref, editing, start, stop };
}

/** A key handler for an in-place form's field: Escape cancels. */
export const cancelOnEscape = (onCancel: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Escape') onCancel();
};

/** Puts the focus on a form's name field (after a refused submit). */
export const focusNameField = (form: HTMLFormElement) => (form.elements.namedItem('name') as HTMLInputElement | null)?.focus();

/** The Save and Cancel buttons of an in-place form. */
export function InlineEditActions({ busy, saveLabel, cancelLabel, onCancel }: { busy: boolean; saveLabel: string; cancelLabel: string; onCancel: () => void }) {
  return (
    <div className="form__actions">
      <Button type="submit" size="sm" busy={busy}>
        {saveLabel}
      </Button>
      <Button size="sm" variant="secondary" disabled={busy} onClick={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}
