import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { DASHBOARD_TEXTS } from '@web/config/texts';
import { tabHref, tabLabel } from '@web/config/dashboard-tabs';
import { setThemeChoice, THEME_CHOICES, useThemeChoice } from '@web/lib/theme';
import { SidebarIcon } from './icons';
import './profile-menu.css';

const T = DASHBOARD_TEXTS;

/**
 * The profile menu of the top bar (issue 15): who is signed in, the Profile tab, and the theme (match the
 * system, light or dark; kept in this browser). A disclosure: Escape or a click outside closes it.
 */
export function ProfileMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const choice = useThemeChoice();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div className="profile-menu" ref={rootRef}>
      <button ref={buttonRef} type="button" className="profile-menu__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        <SidebarIcon name="profile" />
        <span className="visually-hidden">{T.accountMenu} </span>
        <span className="app-bar__email">{email}</span>
      </button>
      <div id={panelId} className="profile-menu__panel" hidden={!open}>
        <Link to={tabHref('profile')} className="profile-menu__item" onClick={() => setOpen(false)}>
          {tabLabel('profile')}
        </Link>
        <fieldset className="profile-menu__theme">
          <legend>{T.theme}</legend>
          {THEME_CHOICES.map((option) => (
            <label key={option} className="profile-menu__choice">
              <input type="radio" name={`${panelId}-theme`} value={option} checked={choice === option} onChange={() => setThemeChoice(option)} />
              {T.themeChoices[option]}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
