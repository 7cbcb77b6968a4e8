// SPDX-License-Identifier: MIT
import { create } from 'zustand';

/** A terminal's "work finished" mark, shown on its tab until the tab is looked at. */
export interface DoneMark {
  /** The exit status to show: the first failure's since the tab was last seen, else the last one's. */
  readonly exitCode: number | null;
  readonly commandLine: string | null;
  /** Commands that ended unseen in this terminal since it was last shown. */
  readonly count: number;
}

const failed = (mark: Pick<DoneMark, 'exitCode'>): boolean => mark.exitCode !== 0;

interface DoneState {
  /** By terminal (pty) id. */
  readonly marks: Readonly<Record<string, DoneMark>>;
  /** Marks a terminal; a failure is not covered up by a later success. */
  mark(terminalId: string, ended: { exitCode: number | null; commandLine: string | null }): void;
  /** The user looks at these terminals now (or they closed): their marks go. */
  clear(terminalIds: readonly string[]): void;
  /** Drops marks of terminals that no longer exist. */
  keepOnly(terminalIds: readonly string[]): void;
}

export const useDoneMarks = create<DoneState>()((set) => ({
  marks: {},
  mark: (terminalId, ended) =>
    set((state) => {
      const before = state.marks[terminalId];
      const count = (before?.count ?? 0) + 1;
      const next: DoneMark = before && failed(before) && !failed(ended) ? { ...before, count } : { ...ended, count };
      return { marks: { ...state.marks, [terminalId]: next } };
    }),
  clear: (terminalIds) =>
    set((state) => {
      if (!terminalIds.some((id) => id in state.marks)) return state;
      const marks = { ...state.marks };
      for (const id of terminalIds) delete marks[id];
      return { marks };
    }),
  keepOnly: (terminalIds) =>
    set((state) => {
      const keep = new Set(terminalIds);
      const gone = Object.keys(state.marks).filter((id) => !keep.has(id));
      if (gone.length === 0) return state;
      const marks = { ...state.marks };
      for (const id of gone) delete marks[id];
      return { marks };
    }),
}));

/**
 * What one tab header shows for its terminals (one today; several once tabs hold split panes):
 * a failure if any failed, else a success; undefined when none has a mark.
 */
export const tabMark = (marks: Readonly<Record<string, DoneMark>>, terminalIds: readonly string[]): DoneMark | undefined => {
  let shown: DoneMark | undefined;
  let count = 0;
  for (const id of terminalIds) {
    const mark = marks[id];
    if (!mark) continue;
    count += mark.count;
    if (!shown || (failed(mark) && !failed(shown))) shown = mark;
  }
  return shown && { ...shown, count };
};
