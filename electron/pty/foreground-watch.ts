// SPDX-License-Identifier: MIT
import type { PtyManager } from './pty-manager';

/** How often the foreground of every live terminal is looked at: one tcgetpgrp and one /proc read each. */
const FOREGROUND_POLL_MS = 500;
/** After a keystroke that may start or end a program (Enter, Ctrl+C, Ctrl+D, Ctrl+Z), look sooner. */
const AFTER_INPUT_MS = 80;
const STARTS_OR_STOPS = /[\r\n\x03\x04\x1a]/;

/**
 * Tells the windows which program runs in each terminal's foreground, when it changes. Only the
 * kernel knows it (the process group that owns the tty): a recorded command line names `cd` or a
 * shell function as readily as a program, and a shell without integration records nothing. A
 * program may also start another (a script's children), so besides reacting to input this polls.
 * Returns the stop.
 */
export const watchForeground = (
  ptys: PtyManager,
  announce: (id: string, process: string) => void,
  pollMs = FOREGROUND_POLL_MS,
): (() => void) => {
  const last = new Map<string, string>();
  let soon: NodeJS.Timeout | undefined;

  const look = () => {
    for (const pty of ptys.list()) {
      if (pty.exit) continue;
      const process = pty.foregroundProcess();
      if (last.get(pty.id) === process) continue;
      last.set(pty.id, process);
      announce(pty.id, process);
    }
  };

  const timer = setInterval(look, pollMs);
  timer.unref();
  const stopObserving = ptys.observe({
    spawned: (pty) => last.set(pty.id, pty.foregroundProcess()),
    bytes: (_id, direction, bytes) => {
      if (direction !== 0 || soon || !STARTS_OR_STOPS.test(bytes.toString('latin1'))) return;
      soon = setTimeout(() => {
        soon = undefined;
        look();
      }, AFTER_INPUT_MS);
      soon.unref();
    },
    exited: (id) => last.delete(id),
    closed: (id) => last.delete(id),
  });
  return () => {
    clearInterval(timer);
    clearTimeout(soon);
    stopObserving();
  };
};
