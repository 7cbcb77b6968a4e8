// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { HistoryQuery } from '../../shared/domain/history-query';
import type { SessionInfo } from '../../shared/ipc/session';
import type { OnDemandReader } from './client/on-demand-reader';
import type { HistoryAnswer } from './history-engine/engine';
import type { CommandRuns } from './queries/command-runs';
import type { QuickFixHistory } from './queries/quick-fix-history';
import type { StoreQueries } from './queries/queries';
import type { SuggestedLine } from './queries/suggest-lines';

/**
 * The store's reads (the Store in store.ts adds the writes): async, and they see what has been
 * committed. Point reads (a session's last commands, commands by id, one session) run on a
 * read-only connection right here: they are single index seeks returning a bounded number of rows,
 * ~0.1–0.5 ms, and a WAL reader never waits for the writer; a hop to the reader worker cost more
 * than the query (0.9 ms p50 at 1M commands). Scans and full-text search stay in the reader worker.
 */
export class StoreReads {
  /** Set once close() began (store.ts): reads then reject. */
  protected _closing: Promise<void> | undefined;

  constructor(
    protected readonly _reader: OnDemandReader,
    protected readonly _local: StoreQueries,
  ) {}

  listSessions(options: { endedWithinMs?: number; now?: number } = {}): Promise<SessionInfo[]> {
    const since = options.endedWithinMs === undefined ? null : (options.now ?? Date.now()) - options.endedWithinMs;
    return this._reader.call('listSessions', since);
  }

  getSession(id: string): Promise<SessionInfo | undefined> {
    return this._point(() => this._local.getSession(id));
  }

  /** The session's last `limit` commands, newest last. */
  recentCommands(sessionId: string, limit: number): Promise<CommandRecord[]> {
    return this._point(() => this._local.recentCommands(sessionId, limit));
  }

  /** In the order asked; unknown ids are skipped. */
  commandsByIds(ids: readonly string[]): Promise<CommandRecord[]> {
    return this._point(() => this._local.commandsByIds(ids));
  }

  /** The newest `limit` commands started at or after `sinceMs` (epoch ms) in any session, newest last. */
  commandsInWindow(options: { sinceMs: number; limit: number }): Promise<CommandRecord[]> {
    return this._reader.call('commandsInWindow', options.sinceMs, options.limit);
  }

  /** Runs of a command's exact line in its directory (or anywhere), newest first, for comparing runs. */
  commandRuns(commandId: string, anywhere: boolean, limit?: number): Promise<CommandRuns | undefined> {
    return this._reader.call('commandRuns', commandId, anywhere, limit);
  }

  /** Recorded lines starting with what is typed at a prompt, best first (queries/suggest-lines.ts), in the reader worker. */
  suggestLines(prefix: string, cwd: string | null, limit: number, repository: string | null = null): Promise<SuggestedLine[]> {
    return this._reader.call('suggestLines', prefix, cwd, limit, repository);
  }

  /**
   * The one history engine (history-engine/engine.ts), in the reader worker: Ctrl+R (fuzzy mode)
   * and the Commands panel (words mode) ask it, as the CLI and MCP do.
   */
  searchHistory(query: HistoryQuery, excludedIds: readonly string[] = []): Promise<HistoryAnswer> {
    return this._reader.call('searchHistory', query, excludedIds);
  }

  /**
   * A failed command and the earlier commands its quick fixes come from (electron/agent/quick-fix
   * finds them): a ranged scan capped at `limit` rows, so it runs in the reader worker.
   */
  quickFixHistory(commandId: string, limit?: number): Promise<QuickFixHistory | undefined> {
    return this._reader.call('quickFixHistory', commandId, limit);
  }

  /** Raw output bytes [start, end) of a session's output stream; end null reads to the end committed so far. */
  readOutput(sessionId: string, start: number, end: number | null): Promise<Buffer> {
    return this._reader.call('readOutput', sessionId, start, end);
  }

  /** The last `maxBytes` of a session's stored output (a restored tab's scrollback). */
  async outputTail(sessionId: string, maxBytes: number): Promise<Buffer> {
    const end = await this._point(() => this._local.outputEnd(sessionId));
    return this.readOutput(sessionId, Math.max(0, end - maxBytes), end);
  }

  readCleanOutput(commandId: string): Promise<string | undefined> {
    return this._reader.call('readCleanOutput', commandId);
  }

  /** `PRAGMA integrity_check` on the reader connection ('ok' when sound): reads every page. */
  integrityCheck(): Promise<string> {
    return this._reader.call('integrityCheck');
  }

  /** A main-thread point read with the reader worker's contract: async, rejecting instead of throwing. */
  private _point<T>(read: () => T): Promise<T> {
    if (this._closing) return Promise.reject(new Error('the store is closed'));
    try {
      return Promise.resolve(read());
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
