// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { CommandRecord } from '../../shared/domain/command';
import type { MenuAction } from '../layout/menu';

interface CompareState {
  /** The run whose comparison is shown; undefined while closed. */
  readonly command: CommandRecord | undefined;
  /** Bumped on every open, so opening again starts afresh. */
  readonly opened: number;
  open(command: CommandRecord): void;
  close(): void;
}

export const useCompare = create<CompareState>()((set) => ({
  command: undefined,
  opened: 0,
  open: (command) => set((state) => ({ command, opened: state.opened + 1 })),
  close: () => set({ command: undefined }),
}));

/** Opens the comparison of `command` with the other runs of its line (one at a time). */
const openCompare = (command: CommandRecord): void => useCompare.getState().open(command);

/** The actions menu's entry (renderer/commands/command-menu.tsx adds it to a command's actions). */
export const compareAction = (command: CommandRecord): MenuAction => {
  const recorded = !!command.commandLine?.trim();
  return {
    id: 'compare',
    label: 'Compare with earlier runs…',
    testId: 'command-compare',
    disabled: !recorded,
    hint: recorded
      ? 'Its runs as a timeline (exit status, duration) and a diff of the output of any two'
      : 'The command line was not recorded, so its other runs cannot be found',
    run: () => openCompare(command),
  };
};
