// SPDX-License-Identifier: MIT
import { create } from 'zustand';

type InlineAskStatus = 'editing' | 'thinking' | 'error';

/** The ask-for-a-command box (Ctrl+I): which terminal it is over, what is typed, and how it is going. */
export interface InlineAskState {
  /** The terminal the box is over; null when closed. */
  readonly terminalId: string | null;
  readonly words: string;
  readonly status: InlineAskStatus;
  readonly error: string | null;
  /** The request in flight (its client id, for cancel), while thinking. */
  readonly requestId: string | null;
  /** Set when the box opened on a command it would replace (a second Ctrl+I). */
  readonly refining: boolean;
  opened(terminalId: string, words: string, refining: boolean): void;
  edit(words: string): void;
  thinking(requestId: string): void;
  failed(message: string): void;
  closed(): void;
}

const CLOSED = { terminalId: null, words: '', status: 'editing', error: null, requestId: null, refining: false } as const;

export const useInlineAsk = create<InlineAskState>()((set) => ({
  ...CLOSED,
  opened: (terminalId, words, refining) => set({ ...CLOSED, terminalId, words, refining }),
  edit: (words) =>
    set((state) => ({
      words,
      status: state.status === 'error' ? 'editing' : state.status,
      error: state.status === 'error' ? null : state.error,
    })),
  thinking: (requestId) => set({ status: 'thinking', requestId, error: null }),
  failed: (message) => set({ status: 'error', error: message, requestId: null }),
  closed: () => set(CLOSED),
}));
