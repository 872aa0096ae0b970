/**
 * Issue 28: a paragraph's speaker label is a menu: rename this speaker everywhere, or give the paragraph to
 * another of the transcript's speakers or to a new one. A name is asked for in a small form in the label's place, in the
 * paragraph's header row (Enter saves, Escape cancels; the focus then goes back to the label).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MenuButton, type MenuItem } from '@web/components/ui/menu-button';
import { READING_TEXTS } from './texts';

const T = READING_TEXTS;

/** What the menu changes; each resolves true once stored (a failure has said why). */
export interface SpeakerActions {
  speakers: readonly string[];
  rename: (from: string, to: string) => Promise<boolean>;
  assign: (groups: readonly number[], speaker: string) => Promise<boolean>;
}

/** The first "Speaker N" not taken: what a new speaker is called unless named. */
export function newSpeakerName(speakers: readonly string[]): string {
  let number = speakers.length + 1;
  while (speakers.includes(`Speaker ${number}`)) number++;
  return `Speaker ${number}`;
}

export function SpeakerMenu({ speaker, time, groups, actions }: { speaker: string; time: string; groups: readonly number[]; actions: SpeakerActions }) {
  const [form, setForm] = useState<'rename' | 'new' | null>(null);
  const wrapRef = useRef<HTMLSpanElement>(null);
  const others = [...new Set(actions.speakers)].filter((other) => other !== speaker);
  const items: MenuItem[] = [
    { key: 'rename', text: T.renameSpeaker(speaker), onSelect: () => setForm('rename') },
    ...others.map((other) => ({ key: `to:${other}`, text: T.giveTo(other), label: T.giveToLabel(other), onSelect: () => void actions.assign(groups, other) })),
    { key: 'new', text: T.giveToNew, onSelect: () => setForm('new') },
  ];
  // The label is back once the form has gone: it takes the focus then.
  const refocus = useRef(false);
  useEffect(() => {
    if (form || !refocus.current) return;
    refocus.current = false;
    wrapRef.current?.querySelector('button')?.focus();
  }, [form]);
  const close = () => {
    refocus.current = true;
    setForm(null);
  };
  const save = async (name: string) => {
    const stored = form === 'rename' ? await actions.rename(speaker, name) : await actions.assign(groups, name);
    if (stored) close();
  };
  if (form) {
    return <SpeakerNameForm key={form} label={form === 'rename' ? T.speakerRename(speaker) : T.newSpeakerName} initial={form === 'rename' ? speaker : newSpeakerName(actions.speakers)} unchanged={form === 'rename' ? speaker : undefined} onSave={save} onCancel={close} />;
  }
  return (
    <span ref={wrapRef} className="para__speaker-menu">
      {/* The label starts its line: the menu runs rightwards, into the text (right-aligned, it ran off a phone's left edge). */}
      <MenuButton label={T.speakerMenu(speaker, time)} items={items} className="menu-button--start">
        <span className="para__speaker">{speaker}</span>
        <span aria-hidden="true"> ▾</span>
      </MenuButton>
    </span>
  );
}

/** `unchanged`: the name that changes nothing (a rename to the same name just closes the form). */
function SpeakerNameForm({ label, initial, unchanged, onSave, onCancel }: { label: string; initial: string; unchanged?: string | undefined; onSave: (name: string) => Promise<void>; onCancel: () => void }) {
  const [name, setName] = useState(initial);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || name.trim() === unchanged) return onCancel();
    setBusy(true);
    await onSave(name.trim());
    setBusy(false);
  };
  return (
    // The name shows in its field, selected, right where it was: the label is for screen readers.
    <form className="para__speaker-form" onSubmit={(event) => void submit(event)}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        value={name}
        maxLength={100}
        autoFocus
        disabled={busy}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && (event.preventDefault(), onCancel())}
      />
      <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
        {T.save}
      </button>
      <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={onCancel}>
        {T.cancel}
      </button>
    </form>
  );
}
