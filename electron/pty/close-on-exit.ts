// SPDX-License-Identifier: MIT
import type { ExitBehaviour } from '../../shared/ipc/settings';
import type { PtyManager } from './pty-manager';
import type { PtyExit } from './types';

/**
 * Whether a terminal whose program ended goes away: always ('close', as VS Code, GNOME Terminal
 * and iTerm2 do), only after a clean exit ('clean': code 0, no signal, so a failure stays on
 * screen to be read), or never ('keep').
 */
export const closesOnExit = (behaviour: ExitBehaviour, exit: PtyExit, ranMs = Number.POSITIVE_INFINITY): boolean => {
  const clean = exit.exitCode === 0 && exit.signal === null;
  // A terminal that failed as it started (a profile's program gone, a broken shell rc) stays,
  // whatever the setting: closing it would take the only explanation away before it was read.
  if (!clean && ranMs < QUICK_FAILURE_MS) return false;
  return behaviour === 'close' || (behaviour === 'clean' && clean);
};

/** How soon after its start a failed exit counts as "could not start". */
const QUICK_FAILURE_MS = 3000;

/**
 * Closes terminals whose shell exited, in main rather than in a window: every window (and a
 * reload, and a window opened later) then agrees the pane is gone, even if no window was open
 * when it exited. The close is announced as a user's close is (`pty:closed`); a terminal the user
 * killed is no longer listed by then, so its exit closes nothing twice.
 */
export const closeOnExit = (
  ptys: PtyManager,
  behaviour: () => ExitBehaviour,
  announceClosed: (id: string) => void,
  now: () => number = Date.now,
): (() => void) => {
  const started = new Map<string, number>();
  return ptys.observe({
    spawned: (pty) => void started.set(pty.id, now()),
    // A pty killed that never reported its exit leaves nothing behind either.
    closed: (id) => void started.delete(id),
    exited: (id, exit) => {
      const ranMs = now() - (started.get(id) ?? 0);
      started.delete(id);
      if (!closesOnExit(behaviour(), exit, ranMs)) return;
      // After the exit has reached the windows (observers run first): they show it, then close.
      setImmediate(() => {
        void ptys.kill(id).then((killed) => killed && announceClosed(id));
      });
    },
  });
};
