/**
 * A menu button (WAI-ARIA APG "menu button"): a button that opens a list of actions. Opened by click,
 * Enter, Space or ArrowDown (first item) / ArrowUp (last item); in the menu ArrowUp/ArrowDown move (and
 * wrap), Home/End go to the ends, Escape closes it and gives the focus back to the button, Tab closes it
 * and moves on, a click outside closes it. Items are buttons, router links, download links or check
 * items (menuitemcheckbox: a choice that leaves the menu open); consecutive items of one `group` are a
 * labelled group (issue 28: the transcript's Export menu).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useRovingTabStop } from './use-roving-tab-stop';
import './menu-button.css';

export interface MenuItem {
  key: string;
  /** What the item shows. */
  text: string;
  /** A fuller accessible name (it starts with `text`, so speech control finds it by what it shows). */
  label?: string;
  /** A router link, a download link, or an action. */
  to?: string;
  download?: string;
  onSelect?: () => void;
  /** A check item: on or off; selecting it calls `onSelect` and the menu stays open. */
  checked?: boolean;
  /** Its group's label, shown above it (consecutive items with the same label make one group). */
  group?: string;
  disabled?: boolean;
  danger?: boolean;
}

/** The items in runs of one group (or none), with each item's place in `items` (the focus order). */
function groupRuns(items: readonly MenuItem[]): { group?: string; entries: { item: MenuItem; index: number }[] }[] {
  const runs: { group?: string; entries: { item: MenuItem; index: number }[] }[] = [];
  items.forEach((item, index) => {
    const last = runs.at(-1);
    if (last && last.group === item.group) last.entries.push({ item, index });
    else runs.push({ group: item.group, entries: [{ item, index }] });
  });
  return runs;
}

export interface MenuButtonProps {
  /** The button's accessible name (e.g. "Actions for call.mp3"). */
  label: string;
  /** What the button shows (an icon, or a word). */
  children: ReactNode;
  items: MenuItem[];
  className?: string;
  /** The button's look: a quiet icon (a list's rows) or a labelled button (a toolbar). */
  variant?: 'ghost' | 'secondary';
  /** Something it started is running: a spinner and aria-busy. */
  busy?: boolean;
  /** It does not open (aria-disabled: the focus stays on it, as after choosing one of its items). */
  disabled?: boolean;
}

export function MenuButton({ label, children, items, className, variant = 'ghost', busy = false, disabled = false }: MenuButtonProps) {
  const buttonId = useId();
  const menuId = useId();
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const roving = useRovingTabStop<HTMLDivElement>('[role^="menuitem"]:not(:disabled)', 'wrap');
  const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((index) => index >= 0);

  // Opened: the focus goes to the first (or last) item; a press outside closes the menu.
  useEffect(() => {
    if (!open) return;
    itemRefs.current[open === 'first' ? enabled[0]! : enabled.at(-1)!]?.focus();
    const outside = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
    // Only when it opens: the items do not change while it is open.
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      return close(true);
    }
    if (event.key === 'Tab') return close(false);
    roving.onKeyDown(event);
  };

  const select = (item: MenuItem) => {
    if (item.checked === undefined) close(!item.to);
    item.onSelect?.();
  };

  const renderItem = (item: MenuItem, index: number) => {
    const common = {
      ref: (element: HTMLElement | null) => {
        itemRefs.current[index] = element;
      },
      role: item.checked === undefined ? 'menuitem' : 'menuitemcheckbox',
      'aria-checked': item.checked,
      tabIndex: -1,
      'aria-label': item.label,
      className: item.danger ? 'menu__item menu__item--danger' : 'menu__item',
    } as const;
    if (item.to && !item.disabled) {
      return (
        <Link key={item.key} {...common} to={item.to} onClick={() => select(item)}>
          {item.text}
        </Link>
      );
    }
    if (item.download && !item.disabled) {
      return (
        <a key={item.key} {...common} href={item.download} download onClick={() => select(item)}>
          {item.text}
        </a>
      );
    }
    return (
      <button key={item.key} {...common} type="button" disabled={item.disabled} aria-disabled={item.disabled || undefined} onClick={() => select(item)}>
        {item.checked !== undefined && <span className="menu__check" aria-hidden="true" />}
        {item.text}
      </button>
    );
  };

  return (
    <div ref={wrapRef} className={['menu-button', className].filter(Boolean).join(' ')}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={`btn btn--${variant} btn--sm menu-button__toggle`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open ? true : false}
        aria-controls={open ? menuId : undefined}
        aria-busy={busy || undefined}
        aria-disabled={disabled || undefined}
        onClick={() => (open ? close(false) : !disabled && setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        {busy && <span className="spinner spinner--inline" aria-hidden="true" />}
        {children}
      </button>
      {open && (
        <div id={menuId} ref={roving.ref} role="menu" aria-labelledby={buttonId} className="menu" onKeyDown={onMenuKey}>
          {groupRuns(items).map(({ group, entries }) =>
            group === undefined ? (
              entries.map(({ item, index }) => renderItem(item, index))
            ) : (
              // Labelled for assistive technology by aria-label; the visible label is for the eye only.
              <div key={group} role="group" aria-label={group} className="menu__group">
                <div className="menu__group-label" aria-hidden="true">
                  {group}
                </div>
                {entries.map(({ item, index }) => renderItem(item, index))}
              </div>
            ),
          )}
        </div>
      )}
    </div>
  );
}
