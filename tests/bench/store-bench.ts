// SPDX-License-Identifier: MIT
/**
 * Store benchmarks (performance.md §7, B3 and B5). Plain async functions for `npm run bench`:
 * no test runner, every number measured in this process, subject and baseline interleaved.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandId } from '../../shared/domain/command';
import { configureWriter, openReader } from '../../electron/store/database/database';
import { StoreQueries } from '../../electron/store/queries/queries';
import { DEFAULT_CADENCE } from '../../electron/store/worker/writer-config';
import { openStore, type Store } from '../../electron/store/store';
import type { RetentionPolicy } from '../../electron/store/history/policy';
import { generateHistory } from '../../electron/store/testing/generate-history';
import { randomCommand, seededRandom, stripForBench, terminalText, type Random } from '../../electron/store/testing/workload';

const SESSIONS = 4;
const CHUNK = 4096;

export type IngestOp =
  | { kind: 'chunk'; session: number; direction: 0 | 1; data: Buffer }
  | { kind: 'command-start'; session: number; seq: number; line: string }
  | { kind: 'command-end'; session: number; seq: number; line: string; clean: string };

/**
 * Output size of one command: mostly small, some medium, a few floods, which is where the bytes
 * (and the need for throughput) are.
 */
export const outputSize = (random: Random): number => {
  const p = random();
  if (p < 0.7) return 200 + Math.floor(random() * 3900);
  if (p < 0.95) return 4096 + Math.floor(random() * 60_000);
  return 256 * 1024 + Math.floor(random() * 1.75 * 1024 * 1024);
};

/** Commands round-robin over 4 sessions: typed line (input), output in 4 KB chunks, then the command's end record. */
export const buildWorkload = (megabytes: number): { ops: IngestOp[]; bytes: number } => {
  const random = seededRandom(42);
  const ops: IngestOp[] = [];
  let bytes = 0;
  for (let seq = 1; bytes < megabytes * 1e6; seq++) {
    const session = seq % SESSIONS;
    const { line } = randomCommand(random);
    const output = terminalText(random, outputSize(random));
    ops.push({ kind: 'command-start', session, seq, line });
    ops.push({ kind: 'chunk', session, direction: 0, data: Buffer.from(`${line}\r`) });
    for (let at = 0; at < output.length; at += CHUNK)
      ops.push({ kind: 'chunk', session, direction: 1, data: output.subarray(at, at + CHUNK) });
    ops.push({ kind: 'command-end', session, seq, line, clean: stripForBench(output) });
    bytes += output.length + line.length + 1;
  }
  return { ops, bytes };
};

export const sessionId = (session: number) => `bench-${session}`;

export const dbBytes = (path: string) => [path, `${path}-wal`].reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0);

/**
 * Through the Store API: the main thread posts, the writer worker commits chunks, command records
 * and command-line FTS. Seconds from the first write until all of it is committed; the clean
 * output's indexing, which runs off the recording path, is timed separately.
 */
export const runStore = async (
  dir: string,
  ops: readonly IngestOp[],
  options: { policy?: RetentionPolicy; settled?: (store: Store) => Promise<void> } = {},
): Promise<{ seconds: number; catchUpSeconds: number; diskBytes: number }> => {
  const { store } = await openStore({ dataDir: dir });
  if (options.policy) await store.tables.history.setPolicy(options.policy);
  const started = performance.now();
  for (let s = 0; s < SESSIONS; s++) {
    store.startSession({
      id: sessionId(s),
      startedAt: Date.now(),
      shell: 'bash',
      hostname: 'bench',
      cwd: '/',
      title: 'bench',
      mode: 'integrated',
    });
  }
  const starts = new Map<number, number>();
  for (const op of ops) {
    const id = sessionId(op.session);
    if (op.kind === 'chunk') {
      store.appendChunk(id, op.direction, Date.now(), op.data);
      continue;
    }
    if (op.kind === 'command-start') starts.set(op.seq, store.outputBytes(id)!);
    const ended = op.kind === 'command-end';
    store.upsertCommand({
      id: commandId(id, op.seq),
      sessionId: id,
      seq: op.seq,
      commandLine: op.line,
      cwd: '/',
      hostname: 'bench',
      shell: 'bash',
      startedAt: Date.now(),
      endedAt: ended ? Date.now() : null,
      exitCode: ended ? 0 : null,
      outputStart: starts.get(op.seq)!,
      outputEnd: ended ? store.outputBytes(id)! : null,
      outputSummary: ended ? op.clean.slice(0, 200) : '',
      source: 'integrated',
      ...(ended ? { cleanOutput: op.clean } : {}),
    });
  }
  await store.flush();
  // With a cap, the run is over once pruning has caught up too: its work is part of the price.
  await options.settled?.(store);
  const seconds = (performance.now() - started) / 1000;
  // Clean output is indexed off the recording path; this is how long search lags behind at the end of a flood.
  await store.flush({ searchable: true });
  const catchUpSeconds = (performance.now() - started) / 1000 - seconds;
  await store.close();
  return { seconds, catchUpSeconds, diskBytes: dbBytes(store.path) };
};

/** The baseline: bare better-sqlite3 INSERTs of the same chunks on this thread, same pragmas and commit cadence. */
const runRaw = (dir: string, ops: readonly IngestOp[]): { seconds: number } => {
  const db = configureWriter(new Database(join(dir, 'raw.db')));
  db.exec(`CREATE TABLE chunks (session_id TEXT NOT NULL, seq INTEGER NOT NULL, ts INTEGER NOT NULL, direction INTEGER NOT NULL,
    data BLOB NOT NULL, PRIMARY KEY (session_id, seq)) STRICT`);
  const insert = db.prepare('INSERT INTO chunks (session_id, seq, ts, direction, data) VALUES (?, ?, ?, ?, ?)');
  const seqs = new Array<number>(SESSIONS).fill(0);
  const started = performance.now();
  let batchStart = started;
  let batchBytes = 0;
  db.exec('BEGIN');
  for (const op of ops) {
    if (op.kind !== 'chunk') continue;
    insert.run(sessionId(op.session), seqs[op.session]!++, Date.now(), op.direction, op.data);
    batchBytes += op.data.length;
    const now = performance.now();
    if (batchBytes >= DEFAULT_CADENCE.maxBytes || now - batchStart >= DEFAULT_CADENCE.intervalMs) {
      db.exec('COMMIT; BEGIN');
      batchStart = now;
      batchBytes = 0;
    }
  }
  db.exec('COMMIT');
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return { seconds };
};

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface IngestResult {
  store_mb_s: number;
  raw_mb_s: number;
  /** Median of per-round store/raw ratios (target ≥ 0.8). */
  ratio: number;
  ratio_min: number;
  ratio_max: number;
  /** Database + WAL bytes after close, per byte recorded (target ≤ 1.15; includes commands and FTS). */
  disk_ratio: number;
  /** After the last commit, until all clean output was searchable (median; the indexer runs off the recording path). */
  search_catchup_s: number;
  megabytes: number;
  rounds: number;
}

/** B3: ingest of `megabytes` MB of 4 KB chunks plus command records, store vs raw better-sqlite3. */
export const benchStoreIngest = async (options: { megabytes?: number; rounds?: number } = {}): Promise<IngestResult> => {
  const megabytes = options.megabytes ?? 32;
  const rounds = options.rounds ?? 7;
  const { ops, bytes } = buildWorkload(megabytes);
  const order = seededRandom(7);
  const storeRates: number[] = [];
  const rawRates: number[] = [];
  const ratios: number[] = [];
  const disk: number[] = [];
  const catchUp: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'contexterm-bench-'));
    try {
      let storeSeconds = 0;
      let rawSeconds = 0;
      const runs = [
        async () => {
          const result = await runStore(dir, ops);
          storeSeconds = result.seconds;
          catchUp.push(result.catchUpSeconds);
          disk.push(result.diskBytes / bytes);
        },
        async () => {
          rawSeconds = runRaw(dir, ops).seconds;
        },
      ];
      if (order() < 0.5) runs.reverse();
      for (const run of runs) await run();
      storeRates.push(bytes / 1e6 / storeSeconds);
      rawRates.push(bytes / 1e6 / rawSeconds);
      ratios.push(rawSeconds / storeSeconds);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const round2 = (value: number) => Math.round(value * 100) / 100;
  return {
    store_mb_s: round2(median(storeRates)),
    raw_mb_s: round2(median(rawRates)),
    ratio: round2(median(ratios)),
    ratio_min: round2(Math.min(...ratios)),
    ratio_max: round2(Math.max(...ratios)),
    disk_ratio: round2(median(disk)),
    search_catchup_s: round2(median(catchUp)),
    megabytes: round2(bytes / 1e6),
    rounds,
  };
};

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Typical searches: common and rare terms, multi-word, prefixes while typing, punctuation. */
const SEARCHES = [
  'git',
  'git status',
  'npm run build',
  'docker',
  'error',
  'kubectl get pods',
  'cargo test',
  'pytest',
  'ECONNREFUSED',
  'CrashLoopBackOff',
  'feature/auth',
  'ssh prod',
  'TS2345',
  'ma',
  'src/pay',
  'connection refused',
  'commit -m "fix',
  'curl api',
  'npm install zod',
  'the',
];

const timeMs = async (run: () => unknown): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

export interface QueryResult {
  /** Last 50 commands of a session through Store.recentCommands (worker round trip included); target ≤ 1 ms. */
  history_query_p99_ms: number;
  /** The history engine's words mode (Store.searchHistory, what the panel, CLI and MCP ask), limit 20; target ≤ 50 ms. */
  fts_query_p99_ms: number;
  /** Generating the store (commands, indexes, FTS) with one connection. */
  build_s: number;
  history_query_p50_ms: number;
  fts_query_p50_ms: number;
  /** The same SQL on a read connection in this thread: the store's overhead is the difference. */
  raw_history_query_p99_ms: number;
  raw_fts_query_p99_ms: number;
  commands: number;
  db_mb: number;
}

/** B5: query latency on a generated history of `commandCount` commands in commandCount/100 sessions. */
export const benchQueries = async (commandCount = 1_000_000): Promise<QueryResult> => {
  const dir = mkdtempSync(join(tmpdir(), 'contexterm-bench-'));
  try {
    const path = join(dir, 'contexterm.db');
    const history = generateHistory(path, { commands: commandCount, sessions: Math.max(1, Math.round(commandCount / 100)) });
    const searches = [...SEARCHES, history.needle];
    const random = seededRandom(3);
    const session = () => history.sessionIds[Math.floor(random() * history.sessionIds.length)]!;

    const raw = new StoreQueries(openReader(path));
    const rawHistory: number[] = [];
    const rawSearch: number[] = [];
    for (let i = 0; i < 2000; i++) rawHistory.push(await timeMs(() => raw.recentCommands(session(), 50)));
    for (let i = 0; i < 300; i++)
      rawSearch.push(await timeMs(() => raw.searchHistory({ query: searches[i % searches.length]!, limit: 20 })));
    raw.db.close();

    const { store } = await openStore({ dataDir: dir, integrityCheck: 'never', log: () => {} });
    const storeHistory: number[] = [];
    const storeSearch: number[] = [];
    try {
      for (let i = 0; i < 200; i++) await store.recentCommands(session(), 50);
      for (let i = 0; i < 2000; i++) storeHistory.push(await timeMs(() => store.recentCommands(session(), 50)));
      for (let i = 0; i < 300; i++)
        storeSearch.push(await timeMs(() => store.searchHistory({ query: searches[i % searches.length]!, limit: 20 })));
    } finally {
      await store.close();
    }
    const round3 = (value: number) => Math.round(value * 1000) / 1000;
    return {
      history_query_p99_ms: round3(percentile(storeHistory, 99)),
      fts_query_p99_ms: round3(percentile(storeSearch, 99)),
      build_s: Math.round(history.seconds * 10) / 10,
      history_query_p50_ms: round3(percentile(storeHistory, 50)),
      fts_query_p50_ms: round3(percentile(storeSearch, 50)),
      raw_history_query_p99_ms: round3(percentile(rawHistory, 99)),
      raw_fts_query_p99_ms: round3(percentile(rawSearch, 99)),
      commands: commandCount,
      db_mb: Math.round(statSync(path).size / 1e5) / 10,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
