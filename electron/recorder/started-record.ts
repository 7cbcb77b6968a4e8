// SPDX-License-Identifier: MIT
import { commandId, type CommandRecord, type RemoteOrigin } from '../../shared/domain/command';
import type { SegmentEvent } from '../segmenter/segment-event';

export interface StartContext {
  readonly sessionId: string;
  readonly seq: number;
  readonly shell: string;
  /** The session's last known cwd and host (the remote shell's, under one). */
  readonly cwd: string;
  readonly hostname: string;
  /** The line as echoed while typed, when the shell sent none; `plain` when it is trustworthy text. */
  readonly typed: { readonly line: string; readonly plain: boolean } | null;
  readonly remote: RemoteOrigin | undefined;
}

/** The record of a command that just started (endedRecord, below, is its end). */
export const startedRecord = (event: Extract<SegmentEvent, { type: 'command-start' }>, context: StartContext): CommandRecord => {
  // A heuristic start says null when the shell may have moved since it started: the session's
  // last known cwd would then be a guess, and a wrong cwd is worse than none.
  const heuristic = event.source === 'heuristic';
  const { typed } = context;
  return {
    id: commandId(context.sessionId, context.seq),
    sessionId: context.sessionId,
    seq: context.seq,
    commandLine: event.commandLine ?? (typed?.plain && typed.line.trim() !== '' ? typed.line : null),
    cwd: heuristic ? event.cwd : (event.cwd ?? context.cwd),
    hostname: heuristic ? event.hostname : (event.hostname ?? context.hostname),
    shell: context.shell,
    startedAt: event.at,
    endedAt: null,
    exitCode: null,
    outputStart: event.offset,
    outputEnd: null,
    outputSummary: '',
    source: event.source,
    ...(context.remote ? { remote: context.remote } : {}),
  };
};

/**
 * When a command ran, from the app's stamps (`startedAt` of its start mark, `endedAt` of its end
 * mark) and, when the shell measured it, its own duration. Both stamps are taken when a mark is
 * processed, never before the shell printed it, so each is at or after the true moment: a busy app
 * stamps a start late and a fast command looks faster than it ran (fish's `sleep 0.2` stored as
 * 197 ms). The true start is then at or before both the start stamp and the end stamp less the
 * duration; the earlier of the two is the best bound, and the end is that plus the duration.
 */
const ranBetween = (startedAt: number, endedAt: number, durationMs: number | undefined): { startedAt: number; endedAt: number } => {
  if (durationMs === undefined) return { startedAt, endedAt: Math.max(endedAt, startedAt) };
  const start = Math.min(startedAt, endedAt - durationMs);
  return { startedAt: start, endedAt: start + durationMs };
};

export interface EndContext {
  readonly exitCode: number | null;
  readonly endedAt: number;
  /** How long the shell measured it to run, when it did (see ranBetween). */
  readonly durationMs?: number | undefined;
  readonly outputEnd: number | null;
  /** The whole line the end mark carried, when it carried one. */
  readonly commandLine?: string | undefined;
  /** Ended by the recorder (recording stopped or paused), not by the shell. */
  readonly interrupted?: boolean | undefined;
  /** The pty has exited: a command still running then, with no status of its own, ended with the shell. */
  readonly shellEnding: boolean;
}

/** The record of a command that just ended: `running` (its started record) with how it ended. */
export const endedRecord = (running: CommandRecord, end: EndContext): CommandRecord => ({
  ...running,
  ...ranBetween(running.startedAt, end.endedAt, end.durationMs),
  commandLine: end.commandLine ?? running.commandLine,
  exitCode: end.exitCode,
  outputEnd: end.outputEnd,
  ...(end.interrupted ? { interrupted: true } : {}),
  ...(end.shellEnding && end.exitCode === null && !end.interrupted ? { endedShell: true } : {}),
});
