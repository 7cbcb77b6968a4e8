// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { DomainError } from '../../shared/ipc';
import { COMMAND_RUNS_MAX, OUTPUT_MAX_BYTES } from '../../shared/ipc/commands';
import type { SessionInfo } from '../../shared/ipc/session';
import { findQuickFixes, type QuickFix } from '../agent/quick-fix/candidates';
import { firstTypoFixes } from '../agent/quick-fix/first-typo';
import type { Recorder } from '../recorder/recorder';
import { outputText, readOutputPieces, type OutputPiece } from '../store/output/command-output';
import type { Store } from '../store/store';
import type { InvokeHandlers } from './router';

type Handlers = Pick<
  InvokeHandlers,
  | 'commands:list'
  | 'commands:search'
  | 'commands:get'
  | 'commands:output'
  | 'commands:quick-fixes'
  | 'commands:runs'
  | 'session:list'
  | 'session:get'
>;

/** What the handlers use of the store and the recorder (tests pass fakes). */
export type CommandsStore = Pick<
  Store,
  | 'flush'
  | 'recentCommands'
  | 'searchHistory'
  | 'commandsByIds'
  | 'readCleanOutput'
  | 'readOutput'
  | 'outputBytes'
  | 'listSessions'
  | 'getSession'
  | 'quickFixHistory'
  | 'commandRuns'
>;
export type CommandsRecorder = Pick<Recorder, 'liveSessions' | 'live'>;

/**
 * A command's output pieces from the store. A running command reads to what its session has
 * appended so far (flushed first, so all of it is committed); a command whose end is unknown in a
 * session this store no longer follows reads to the end of what is stored, without gap detection.
 */
const commandOutputPieces = async (
  store: CommandsStore,
  command: CommandRecord,
  maxBytes: number,
): Promise<{ pieces: OutputPiece[]; bytes: number }> => {
  const { sessionId, outputStart: start } = command;
  if (command.outputEnd === null) await store.flush();
  const end = command.outputEnd ?? store.outputBytes(sessionId);
  if (end !== undefined) {
    const pieces = await readOutputPieces((from, to) => store.readOutput(sessionId, from, to), start, end, { maxBytes });
    return { pieces, bytes: Math.max(0, end - start) };
  }
  const data = await store.readOutput(sessionId, start, null);
  if (data.length <= maxBytes) return { pieces: [{ kind: 'data', data }], bytes: data.length };
  const half = Math.floor(maxBytes / 2);
  const pieces: OutputPiece[] = [
    { kind: 'data', data: data.subarray(0, half) },
    { kind: 'omitted', bytes: data.length - 2 * half },
    { kind: 'data', data: data.subarray(data.length - half) },
  ];
  return { pieces, bytes: data.length };
};

/** History and sessions, read from the store; live sessions come from the recorder's memory. */
export interface CommandsHandlerOptions {
  readonly outputMaxBytes?: number;
  /**
   * A command forgotten with undo is still in the store until its window ends (pending-forgets.ts),
   * but forgotten as far as the user knows: it is never offered as a fix, nor asked about.
   */
  readonly forgetPending?: (commandId: string) => boolean;
  /** Program names on this machine's PATH (path-programs.ts), for a program name typed wrong; none when absent. */
  readonly pathPrograms?: () => Promise<ReadonlySet<string>>;
}

/** Most fixes one answer offers. */
const FIXES_LIMIT = 5;

/** The fixes the user ran before first, then those for a first typo; one entry a line. */
const mergeFixes = (earlier: readonly QuickFix[], first: readonly QuickFix[]): QuickFix[] => {
  const seen = new Set<string>();
  return [...earlier, ...first].filter((fix) => !seen.has(fix.line) && seen.add(fix.line)).slice(0, FIXES_LIMIT);
};

export const commandsHandlers = (store: CommandsStore, recorder: CommandsRecorder, options: CommandsHandlerOptions = {}): Handlers => ({
  'commands:list': async ({ sessionId, limit }) => {
    // The renderer asks right after a tab appears: include what is written but not yet committed.
    await store.flush();
    return store.recentCommands(sessionId, limit ?? 200);
  },
  'commands:search': async (request) => {
    const { hits, total, totalExact } = await store.searchHistory({ ...request, mode: 'words' });
    return { commands: hits.map((hit) => hit.command), total, totalExact };
  },
  'commands:get': async ({ id }) => {
    const [command] = await store.commandsByIds([id]);
    if (!command) throw new DomainError('not-found', `no command ${id}`);
    return { command, cleanOutput: (await store.readCleanOutput(id)) ?? null };
  },
  'commands:output': async ({ id, format }) => {
    const [command] = await store.commandsByIds([id]);
    if (!command) throw new DomainError('not-found', `no command ${id}`);
    const maxBytes = options.outputMaxBytes ?? OUTPUT_MAX_BYTES;
    const { pieces, bytes } = await commandOutputPieces(store, command, maxBytes);
    return { command, text: outputText(pieces, format, maxBytes), bytes, truncated: pieces.some((piece) => piece.kind === 'omitted') };
  },
  'commands:quick-fixes': async ({ commandId }) => {
    const pending = options.forgetPending ?? (() => false);
    if (pending(commandId)) return { fixes: [] };
    // Asked right after the failure ended: the failure and what ran before it must be committed.
    await store.flush();
    // Private terminals never reach the store and forgotten commands are erased from it, so neither
    // is read here: an unknown id (a private terminal's command) simply has no fixes.
    const found = await store.quickFixHistory(commandId);
    if (!found) return { fixes: [] };
    const history = found.history.filter((command) => !pending(command.id));
    const failed = found.failed;
    // PATH is this machine's: a failure in a remote shell is matched against its own history only.
    const onPath = failed.remote || failed.exitCode !== 127 ? undefined : await options.pathPrograms?.().catch(() => undefined);
    const output = (await store.readCleanOutput(commandId)) ?? undefined;
    const first = firstTypoFixes(failed, history, {
      ...(found.programs ? { programs: found.programs } : {}),
      ...(onPath ? { onPath } : {}),
      ...(output ? { output } : {}),
    });
    const fixes = mergeFixes(findQuickFixes(failed, history), first).map((fix) => ({
      commandLine: fix.line,
      source: 'history' as const,
      kind: fix.kind,
      count: fix.count,
      lastUsedAt: fix.lastUsedAt,
      origin: fix.origin,
    }));
    return { fixes };
  },
  'commands:runs': async ({ commandId, anywhere, limit }) => {
    const pending = options.forgetPending ?? (() => false);
    if (pending(commandId)) throw new DomainError('not-found', `no command ${commandId}`);
    // Opened from a command that may have just ended: it and the run before it must be committed.
    await store.flush();
    const found = await store.commandRuns(commandId, anywhere ?? false, limit ?? COMMAND_RUNS_MAX);
    if (!found) throw new DomainError('not-found', `no command ${commandId}`);
    return { runs: found.runs.filter((run) => !pending(run.id)), capped: found.capped };
  },
  'session:list': async ({ endedWithinMs }) => {
    const stored = await store.listSessions(endedWithinMs === undefined ? {} : { endedWithinMs });
    const merged = new Map<string, SessionInfo>(stored.map((session) => [session.id, session]));
    for (const live of recorder.liveSessions()) merged.set(live.id, live);
    return [...merged.values()].sort((a, b) => a.startedAt - b.startedAt);
  },
  'session:get': async ({ id }) => {
    const session = recorder.live(id) ?? (await store.getSession(id));
    if (!session) throw new DomainError('not-found', `no session ${id}`);
    return session;
  },
});
