import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { SUPPORT_LIMITS } from '@domain/support';
import { SUPPORT_CHAT_TEXTS } from '../texts';
import { useSession } from '@web/lib/session/get-session';
import { askSupport } from '../api/support-api';
import { chat, useChatState } from '../chat-store';
import '../support.css';

const T = SUPPORT_CHAT_TEXTS;

/**
 * The support chat for signed-in users (docs/product.md#screens-and-routes, #states, #validation): a toggle button opens a chat box titled
 * with the support name, with the messages, an input where Enter sends, a Send button, and 'Typing' while
 * a reply is awaited. Empty or whitespace-only messages are not sent. Escape closes it.
 */
export function SupportWidget() {
  const { data: session } = useSession();
  const owner = session?.user;
  useEffect(() => chat.ownedBy(owner), [owner]);
  const { open, pending, messages } = useChatState();
  const [draft, setDraft] = useState('');
  const panelId = useId();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const endRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, pending, open]);

  if (!session) return null;

  const close = () => {
    chat.setOpen(false);
    toggleRef.current?.focus();
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = draft.trim();
    if (!message || pending) return;
    const askedBy = chat.owner;
    setDraft('');
    chat.add('user', message);
    chat.setPending(true);
    const reply = await askSupport(message);
    // A reply that arrives after someone else signed in is not theirs to see.
    if (chat.owner !== askedBy) return;
    chat.add('bot', reply);
    chat.setPending(false);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  return (
    <div className="support">
      {open && (
        <section id={panelId} className="support__panel" aria-labelledby={titleId} onKeyDown={onKeyDown}>
          <ChatHeader titleId={titleId} onClose={close} />
          <Messages messages={messages} pending={pending} endRef={endRef} />
          <ChatForm inputId={`${panelId}-input`} inputRef={inputRef} draft={draft} onDraft={setDraft} pending={pending} onSend={send} />
        </section>
      )}
      <button
        ref={toggleRef}
        type="button"
        className="support__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => chat.setOpen(!open)}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
        <span className="visually-hidden">{open ? T.close : T.open}</span>
      </button>
    </div>
  );
}

/** The chat box's title bar, with its close button. */
function ChatHeader({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  return (
    <header className="support__header">
      <span className="support__avatar" aria-hidden="true">
        <ChatIcon />
      </span>
      <h2 id={titleId} className="support__title">
        {T.title}
      </h2>
      <button type="button" className="support__close" onClick={onClose}>
        <CloseIcon />
        <span className="visually-hidden">{T.close}</span>
      </button>
    </header>
  );
}

interface ChatFormProps {
  inputId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  draft: string;
  onDraft: (draft: string) => void;
  pending: boolean;
  onSend: (event: FormEvent<HTMLFormElement>) => void;
}

/** The message input and Send (Enter sends); a message over the length limit is refused with a hint. */
function ChatForm({ inputId, inputRef, draft, onDraft, pending, onSend }: ChatFormProps) {
  const tooLong = draft.trim().length > SUPPORT_LIMITS.maxMessageChars;
  return (
    <>
      <form className="support__form" onSubmit={onSend}>
        <label htmlFor={inputId} className="visually-hidden">
          {T.inputLabel}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="input support__input"
          type="text"
          autoComplete="off"
          placeholder={T.placeholder}
          value={draft}
          onChange={(event) => onDraft(event.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${inputId}-too-long` : undefined}
        />
        <button type="submit" className="btn btn--primary support__send" disabled={pending || !draft.trim() || tooLong}>
          <span>{T.send}</span>
        </button>
      </form>
      {tooLong && (
        <p id={`${inputId}-too-long`} className="support__hint" role="alert">
          {T.tooLong}
        </p>
      )}
    </>
  );
}

/** The conversation: the greeting, the messages, 'Typing' while waiting, and an end marker kept in view. */
function Messages({ messages, pending, endRef }: { messages: ReturnType<typeof useChatState>['messages']; pending: boolean; endRef: RefObject<HTMLLIElement | null> }) {
  return (
    // The log wraps the list (role="log" on the <ol> itself would leave its items without a list), and it
    // is focusable so that a keyboard can scroll it.
    <div className="support__log" role="log" aria-label={T.messagesLabel} aria-live="polite" tabIndex={0}>
      <ol className="support__messages">
        <li className="support__message support__message--bot">
          <span className="visually-hidden">{T.title}: </span>
          {T.welcome}
        </li>
        {messages.map((message) => (
          <li key={message.id} className={`support__message support__message--${message.sender}`}>
            <span className="visually-hidden">{message.sender === 'user' ? T.you : T.title}: </span>
            {message.text}
          </li>
        ))}
        {pending && (
          <li className="support__message support__message--bot support__typing" role="status">
            {T.typing}
            <span className="support__dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
          </li>
        )}
        <li ref={endRef} className="support__end" aria-hidden="true" />
      </ol>
    </div>
  );
}

function ChatIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
