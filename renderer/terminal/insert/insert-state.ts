// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { Insertion } from './insert-text';

/** An insertion waiting for the user: shown whole in the dialog (insert-dialog.tsx) until confirmed or cancelled. */
export interface PendingInsertion {
  readonly id: number;
  readonly insertion: Insertion;
  /** What the text is, for the dialog's title ("From history", "Quick fix", "Paste"…). */
  readonly title: string;
  readonly resolve: (confirmed: boolean) => void;
}

/** The status line under the terminals: what the gate changed in, or refused of, the last insertion. */
interface InsertNotice {
  readonly text: string;
  readonly kind: 'changed' | 'refused';
}

interface InsertGateState {
  readonly pending: PendingInsertion | undefined;
  readonly notice: InsertNotice | undefined;
  /** Shows `pending`, cancelling one already shown (only the latest request is answered). */
  ask(pending: Omit<PendingInsertion, 'id'>): void;
  /** The user's answer to the dialog with this id. */
  answer(id: number, confirmed: boolean): void;
  say(notice: InsertNotice | undefined): void;
}

let nextId = 0;

export const useInsertGate = create<InsertGateState>((set, get) => ({
  pending: undefined,
  notice: undefined,
  ask: (pending) => {
    get().pending?.resolve(false);
    set({ pending: { ...pending, id: ++nextId } });
  },
  answer: (id, confirmed) => {
    const { pending } = get();
    if (pending?.id !== id) return;
    set({ pending: undefined });
    pending.resolve(confirmed);
  },
  say: (notice) => set({ notice }),
}));

/** Shows the insertion whole and resolves to whether the user confirmed it. */
export const confirmInsertion = (insertion: Insertion, title: string): Promise<boolean> =>
  new Promise((resolve) => useInsertGate.getState().ask({ insertion, title, resolve }));
