// SPDX-License-Identifier: MIT
import { commandRecord } from '../../shared/testing/command-record';
import { seededRandom } from '../../electron/context/testing/token-samples';
import type { CommandRecord, CommandSource, SessionRow } from '../../electron/context/domain/ports';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const TOOLS = [
  'cargo build',
  'cargo test',
  'npm test',
  'npm run build',
  'git status',
  'git diff --stat',
  'docker compose up -d',
  'make -j8',
  'pytest -x tests/',
  'kubectl get pods -A',
  'ls -la',
  'go test ./...',
];
const LINES = [
  'Compiling',
  'error: could not compile',
  'warning: unused variable',
  'PASS src/app.test.ts',
  'FAIL src/db.test.ts',
  'Step 4/9 : RUN npm ci',
  'ok  \tgithub.com/acme/api\t0.412s',
  'Finished dev [unoptimized + debuginfo] target(s)',
];

export interface DatasetShape {
  readonly totalCommands: number;
  readonly sessions: number;
  /** Sessions still open, whose commands fill the last `liveSpanMs`. */
  readonly liveSessions: number;
  readonly liveCommands: number;
  readonly liveSpanMs: number;
  readonly nowMs: number;
}

/**
 * A synthetic history stored column-wise (1M commands in ~25 MB), answering the same bounded queries
 * as the SQLite store: by session (a session-ordered index), by time window (binary search on start
 * time), by id (parsed, no map of a million strings). Older sessions are closed and spread over a year;
 * the live ones share the recent window, which is identical whatever the size of the history.
 */
export class SyntheticCommandSource implements CommandSource {
  readonly size: number;
  private readonly _startedAt: Float64Array;
  private readonly _session: Uint32Array;
  private readonly _seq: Uint32Array;
  private readonly _tool: Uint8Array;
  private readonly _exit: Int16Array;
  private readonly _bySession: Uint32Array;
  private readonly _sessionStart: Uint32Array;
  private readonly _sessions: SessionRow[] = [];
  private readonly _outputs: string[];

  constructor(
    readonly shape: DatasetShape,
    seed = 7,
  ) {
    const rnd = seededRandom(seed);
    const n = shape.totalCommands;
    this.size = n;
    this._startedAt = new Float64Array(n);
    this._session = new Uint32Array(n);
    this._seq = new Uint32Array(n);
    this._tool = new Uint8Array(n);
    this._exit = new Int16Array(n);
    const historic = shape.sessions - shape.liveSessions;
    const perHistoric = Math.floor((n - shape.liveCommands) / Math.max(1, historic));
    const counts = new Uint32Array(shape.sessions);
    const historyStart = shape.nowMs - 365 * DAY;
    const historySpan = 365 * DAY - shape.liveSpanMs - 2 * DAY;
    let row = 0;
    for (let s = 0; s < historic; s++) {
      const start = historyStart + (historySpan * s) / historic;
      const take = s === historic - 1 ? n - shape.liveCommands - row : perHistoric;
      for (let i = 0; i < take; i++, row++) this._fill(row, s, i, start + i * 20_000, rnd);
      counts[s] = take;
      this._sessions.push(this._sessionRow(s, start, start + take * 20_000 + 1000, rnd));
    }
    for (let i = 0; row < n; i++, row++) {
      const s = historic + (i % shape.liveSessions);
      this._fill(row, s, counts[s]!++, shape.nowMs - shape.liveSpanMs + (i * shape.liveSpanMs) / shape.liveCommands, rnd);
    }
    for (let s = historic; s < shape.sessions; s++) this._sessions.push(this._sessionRow(s, shape.nowMs - shape.liveSpanMs, null, rnd));
    this._sessionStart = new Uint32Array(shape.sessions + 1);
    for (let s = 0; s < shape.sessions; s++) this._sessionStart[s + 1] = this._sessionStart[s]! + counts[s]!;
    this._bySession = new Uint32Array(n);
    const cursor = this._sessionStart.slice(0, shape.sessions);
    for (let r = 0; r < n; r++) this._bySession[cursor[this._session[r]!]!++] = r;
    this._outputs = TOOLS.map((tool, t) =>
      Array.from({ length: 8 + ((t * 37) % 90) }, (_, l) => `${LINES[(t + l) % LINES.length]} ${tool.split(' ')[0]} step ${l}`).join('\n'),
    );
  }

  private _fill(row: number, session: number, seq: number, startedAt: number, rnd: () => number): void {
    this._startedAt[row] = startedAt;
    this._session[row] = session;
    this._seq[row] = seq;
    this._tool[row] = Math.floor(rnd() * TOOLS.length);
    this._exit[row] = rnd() < 0.15 ? 1 : 0;
  }

  private _sessionRow(s: number, startedAt: number, endedAt: number | null, rnd: () => number): SessionRow {
    return {
      id: `s${s}`,
      cwd: `/home/dev/project-${Math.floor(rnd() * 50)}`,
      hostname: rnd() < 0.8 ? 'devbox' : `server-${s % 7}`,
      startedAt,
      endedAt,
    };
  }

  sessionId(index: number): string {
    return `s${index}`;
  }

  private _record(row: number): CommandRecord {
    const session = this._sessions[this._session[row]!]!;
    const tool = this._tool[row]!;
    const output = this._outputs[tool]!;
    const startedAt = this._startedAt[row]!;
    return commandRecord({
      sessionId: session.id,
      seq: this._seq[row]!,
      commandLine: TOOLS[tool]!,
      cwd: session.cwd ?? null,
      hostname: session.hostname ?? null,
      startedAt,
      endedAt: startedAt + 1500,
      exitCode: this._exit[row]!,
      outputStart: 0,
      outputEnd: output.length,
      outputSummary: output.slice(0, 200),
    });
  }

  private _row(id: string): number | null {
    const m = /^s(\d+):(\d+)$/.exec(id);
    if (!m) return null;
    const s = Number(m[1]);
    const seq = Number(m[2]);
    if (s >= this.shape.sessions || seq >= this._sessionStart[s + 1]! - this._sessionStart[s]!) return null;
    return this._bySession[this._sessionStart[s]! + seq]!;
  }

  recentCommands(sessionId: string, limit: number): CommandRecord[] {
    const s = Number(sessionId.slice(1));
    const from = Math.max(this._sessionStart[s]!, this._sessionStart[s + 1]! - limit);
    const rows: CommandRecord[] = [];
    for (let i = from; i < this._sessionStart[s + 1]!; i++) rows.push(this._record(this._bySession[i]!));
    return rows;
  }

  commandsInWindow({ sinceMs, limit }: { sinceMs: number; limit: number }): CommandRecord[] {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this._startedAt[mid]! < sinceMs) lo = mid + 1;
      else hi = mid;
    }
    const rows: CommandRecord[] = [];
    for (let r = Math.max(lo, this.size - limit); r < this.size; r++) rows.push(this._record(r));
    return rows;
  }

  commandsByIds(ids: readonly string[]): CommandRecord[] {
    return ids.flatMap((id) => {
      const row = this._row(id);
      return row === null ? [] : [this._record(row)];
    });
  }

  readCleanOutput(commandId: string): string | null {
    const row = this._row(commandId);
    return row === null ? null : this._outputs[this._tool[row]!]!;
  }

  /** Live sessions are the last ones; closed ones are ordered by end time, so this is a tail scan. */
  listSessions({ endedWithinMs }: { endedWithinMs?: number }): SessionRow[] {
    const since = endedWithinMs === undefined ? -Infinity : this.shape.nowMs - endedWithinMs;
    const out: SessionRow[] = [];
    for (let s = this._sessions.length - 1; s >= 0; s--) {
      const session = this._sessions[s]!;
      if (session.endedAt !== null && session.endedAt < since) break;
      out.push(session);
    }
    return out;
  }
}
