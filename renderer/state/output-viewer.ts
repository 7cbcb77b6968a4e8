// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { CommandRecord } from '../../shared/domain/command';

interface OutputViewerState {
  /** The command whose full output is shown; undefined while the viewer is closed. */
  readonly command: CommandRecord | undefined;
  /** Bumped on every open, so opening the same command again reloads its output. */
  readonly opened: number;
  open(command: CommandRecord): void;
  close(): void;
}

export const useOutputViewer = create<OutputViewerState>()((set) => ({
  command: undefined,
  opened: 0,
  open: (command) => set((state) => ({ command, opened: state.opened + 1 })),
  close: () => set({ command: undefined }),
}));

/** Opens the full-output viewer of a command (one at a time: another command replaces it). */
export const openOutputViewer = (command: CommandRecord): void => useOutputViewer.getState().open(command);
