// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import { AltScreen } from '../../segmenter/alt-screen';
import { handOverReason } from './hand-over';
import type { TerminalPort } from './terminal-port';

export interface RunInTerminalOptions {
  readonly port: TerminalPort;
  readonly sessionId: string;
  /** One command line (no newline): it is typed at the prompt and Enter pressed. */
  readonly command: string;
  /** A command still running after this long is handed to the user. */
  readonly handOverMs: number;
  readonly signal: AbortSignal;
  readonly onStarted?: (record: CommandRecord) => void;
  /** Once, when the command turns out to need the user; the run goes on until it ends. */
  readonly onWaiting?: (reason: string) => void;
  /** How long the shell may take to start the command before the run gives up. */
  readonly startTimeoutMs?: number;
  readonly pollMs?: number;
  readonly now?: () => number;
}

export type RunOutcome =
  | { readonly kind: 'ended'; readonly record: CommandRecord; readonly waiting: string | null }
  | { readonly kind: 'stopped'; readonly record: CommandRecord | undefined; readonly waiting: string | null }
  | { readonly kind: 'not-started' };

const CTRL_C = '\x03';

/**
 * Calls `ended` once the record `commandId` ends: a stopped command may go on running (Ctrl+C is
 * only a request), and its terminal stays claimed until then.
 */
export const untilRecordEnds = (port: TerminalPort, commandId: string, ended: () => void): void => {
  const off = port.onCommand((r) => {
    if (r.id !== commandId || r.endedAt === null) return;
    off();
    ended();
  });
};

/**
 * Types a command into a terminal as an ordinary recorded command and follows its record until it
 * ends. The record is recognised by its tag (the recorder tags the next command started there as
 * the assistant's), never by matching screen text. While it runs, the terminal is watched for what
 * needs the user (a password prompt, a pager, a full-screen program, a long run): the command is
 * then theirs, and the run still ends when it does. An abort sends Ctrl+C.
 */
export const runInTerminal = (options: RunInTerminalOptions): Promise<RunOutcome> => {
  const { port, sessionId, signal } = options;
  const now = options.now ?? Date.now;
  return new Promise<RunOutcome>((resolve) => {
    let record: CommandRecord | undefined;
    let waiting: string | null = null;
    // The segmenter's detector, which follows a switch split across reads (a per-read regex missed it).
    const screen = new AltScreen();
    let altScreen = false;
    let startedAt = now();
    // Tagged before anything is typed; withdrawn by finish when no record started.
    const withdraw = port.expectAssistantCommand(sessionId);
    const finish = (outcome: RunOutcome) => {
      if (!record) withdraw();
      offCommand();
      offOutput();
      clearInterval(poll);
      clearTimeout(startTimer);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const offCommand = port.onCommand((r) => {
      if (r.sessionId !== sessionId) return;
      if (!record) {
        if (r.ranBy !== 'assistant') return;
        record = r;
        startedAt = now();
        options.onStarted?.(r);
      }
      if (r.id === record.id && r.endedAt !== null) finish({ kind: 'ended', record: r, waiting });
    });
    const offOutput = port.onOutput((id, bytes) => {
      if (id !== sessionId) return;
      screen.scan(bytes);
      if (record && screen.on) altScreen = true;
    });
    const check = () => {
      if (!record || waiting !== null) return;
      const reason = handOverReason({
        secretPrompt: port.readsSecretInput(sessionId),
        foreground: port.foreground(sessionId),
        altScreen,
        elapsedMs: now() - startedAt,
        limitMs: options.handOverMs,
      });
      if (reason === null) return;
      waiting = reason;
      options.onWaiting?.(reason);
    };
    const poll = setInterval(check, options.pollMs ?? 200);
    const startTimer = setTimeout(() => {
      if (!record) finish({ kind: 'not-started' });
    }, options.startTimeoutMs ?? 10_000);
    const onAbort = () => {
      port.type(sessionId, CTRL_C);
      finish({ kind: 'stopped', record, waiting });
    };
    if (signal.aborted) return finish({ kind: 'stopped', record: undefined, waiting: null });
    signal.addEventListener('abort', onAbort, { once: true });
    // Typed only at an idle prompt with nothing on the line (TerminalState.idle): no Ctrl+E Ctrl+U
    // to clear one, which moved a half-typed line to the kill ring and broke vi mode (issue 40).
    port.type(sessionId, `${options.command}\r`);
  });
};
