/**
 * The conversation (docs/product.md#entities: chat messages are local only, sender and text). Kept in memory for
 * the signed-in person, so it survives moving between the dashboard and a transcript, and is dropped
 * when someone else signs in in the same tab.
 */
import { useSyncExternalStore } from 'react';

export interface ChatMessage {
  id: number;
  sender: 'user' | 'bot';
  text: string;
}

interface ChatState {
  owner: string | undefined;
  open: boolean;
  pending: boolean;
  messages: readonly ChatMessage[];
}

let state: ChatState = { owner: undefined, open: false, pending: false, messages: [] };
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: Partial<ChatState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useChatState = (): ChatState => useSyncExternalStore(subscribe, () => state);

export const chat = {
  /** Starts afresh when the signed-in person changes. */
  ownedBy(owner: string | undefined): void {
    if (owner !== state.owner) set({ owner, open: false, pending: false, messages: [] });
  },
  setOpen(open: boolean): void {
    set({ open });
  },
  add(sender: ChatMessage['sender'], text: string): void {
    set({ messages: [...state.messages, { id: nextId++, sender, text }] });
  },
  setPending(pending: boolean): void {
    set({ pending });
  },
  get owner(): string | undefined {
    return state.owner;
  },
};
