// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';

// How the main process of either host meets failures: at start-up, and from code nobody guarded.

export interface StartupFailure {
  /** For the user, as it is: what happened and what to do. */
  readonly message: string;
  /** For the log: the stack of an unexpected error (a bug); absent for an expected one. */
  readonly detail?: string;
}

/**
 * Why the app could not start, put plainly. An expected failure is a DomainError whose message was
 * written for the user (another instance holds the data directory, a directory that is not the
 * user's, a database from a newer version): it is shown as it is, with no stack. Anything else is a
 * bug: the user is told so in one sentence, and the stack goes to the log.
 */
export const describeStartupFailure = (error: unknown): StartupFailure => {
  if (error instanceof DomainError) return { message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return {
    message: `Contexterm could not start because of an unexpected error: ${message}. Please report it, with the log.`,
    detail: error instanceof Error ? (error.stack ?? message) : message,
  };
};

/** At most this many reports a minute: a timer that throws on every tick must not flood the log. */
const MAX_REPORTS_PER_MINUTE = 10;

interface ProcessEvents {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: 'uncaughtException', listener: (error: Error) => void): unknown;
}

const describeError = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);

/**
 * What the main process of either host does with an error nobody handled: log it and go on.
 *
 * A rejected promise nobody awaited has already unwound its own chain; nothing else is left
 * half-done by it, so surviving is safe, and Node's default (exit) would end every terminal for it.
 *
 * An exception thrown out of a callback (a timer, an event handler) is different: the code it cut
 * short may have left its own objects half-updated, which is why Node exits by default. We survive
 * it anyway, deliberately. This process is the parent of every pty: exiting hangs up every shell
 * and what runs in it (editors with unsaved work, builds, ssh sessions), a certain and total loss,
 * to avoid a possible inconsistency in one part. The state that must never be half-written is
 * protected elsewhere: the database is written by its own thread in transactions, and each shell
 * is its own process. At worst one feature misbehaves (a tab stops updating) until the user closes
 * it or restarts, with the cause in the log. Electron keeps its main process running after an
 * uncaught exception too (it shows a dialog instead).
 */
export const installProcessGuards = (
  log: (message: string) => void,
  target: ProcessEvents = process,
  now: () => number = Date.now,
): (() => void) => {
  let windowStart = -Infinity;
  let reports = 0;
  let suppressed = 0;
  const report = (what: string, error: unknown) => {
    const at = now();
    if (at - windowStart >= 60_000) {
      if (suppressed > 0) log(`${suppressed} more unhandled errors in the last minute were not logged`);
      windowStart = at;
      reports = 0;
      suppressed = 0;
    }
    if (++reports > MAX_REPORTS_PER_MINUTE) return void suppressed++;
    log(`${what} (survived; the app keeps running): ${describeError(error)}`);
  };
  const onRejection = (reason: unknown) => report('unhandled promise rejection', reason);
  const onException = (error: Error) => report('uncaught exception', error);
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
};
