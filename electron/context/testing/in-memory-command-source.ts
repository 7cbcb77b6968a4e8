// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import { systemClock, type Clock, type CommandSource, type SessionRow } from '../domain/ports';

/** First index whose startedAt is >= `at` in an array sorted by startedAt. */
const lowerBound = (sorted: readonly CommandRecord[], at: number): number => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.startedAt < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * An indexed in-memory CommandSource with the same query shapes as the SQLite store: by session,
 * by time window (binary search on start time), by id. Tests and the benchmark use it.
 */
export class InMemoryCommandSource implements CommandSource {
  private readonly _sessions = new Map<string, SessionRow>();
  private readonly _bySession = new Map<string, CommandRecord[]>();
  private readonly _byId = new Map<string, CommandRecord>();
  private readonly _byStart: CommandRecord[] = [];
  private readonly _outputs = new Map<string, string>();

  constructor(private readonly _now: Clock = systemClock) {}

  addSession(session: SessionRow): this {
    this._sessions.set(session.id, session);
    if (!this._bySession.has(session.id)) this._bySession.set(session.id, []);
    return this;
  }

  endSession(id: string, endedAt: number): void {
    const session = this._sessions.get(id);
    if (session) this._sessions.set(id, { ...session, endedAt });
  }

  addCommand(command: CommandRecord, cleanOutput?: string): this {
    if (!this._sessions.has(command.sessionId)) {
      this.addSession({ id: command.sessionId, hostname: command.hostname, cwd: command.cwd, startedAt: command.startedAt, endedAt: null });
    }
    const list = this._bySession.get(command.sessionId)!;
    list.push(command);
    if (list.length > 1 && list[list.length - 2]!.seq > command.seq) list.sort((a, b) => a.seq - b.seq);
    this._byId.set(command.id, command);
    this._byStart.splice(lowerBound(this._byStart, command.startedAt + 1), 0, command);
    if (cleanOutput !== undefined) this._outputs.set(command.id, cleanOutput);
    return this;
  }

  get size(): number {
    return this._byId.size;
  }

  recentCommands(sessionId: string, limit: number): CommandRecord[] {
    const list = this._bySession.get(sessionId) ?? [];
    return list.slice(Math.max(0, list.length - limit));
  }

  commandsInWindow({ sinceMs, limit }: { sinceMs: number; limit: number }): CommandRecord[] {
    const from = Math.max(lowerBound(this._byStart, sinceMs), this._byStart.length - limit);
    return this._byStart.slice(from);
  }

  commandsByIds(ids: readonly string[]): CommandRecord[] {
    return ids.flatMap((id) => this._byId.get(id) ?? []);
  }

  readCleanOutput(commandId: string): string | null {
    return this._outputs.get(commandId) ?? null;
  }

  listSessions({ endedWithinMs }: { endedWithinMs?: number }): SessionRow[] {
    const since = endedWithinMs === undefined ? -Infinity : this._now() - endedWithinMs;
    return [...this._sessions.values()].filter((s) => s.endedAt === null || s.endedAt >= since);
  }
}
