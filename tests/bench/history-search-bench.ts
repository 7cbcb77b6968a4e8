// SPDX-License-Identifier: MIT
/**
 * `history_search_p99_ms`: what one keystroke in the Ctrl+R overlay costs at 1,000,000 recorded
 * commands, through the path `history:search` takes (Store.searchHistory in fuzzy mode: a message to the reader
 * worker, the recent window and FTS5 candidates, fuzzysort, the rows read back). Queries are typed
 * a character at a time, as the overlay sends them, plain and under each filter, misspellings too.
 * The same reads on a connection in this thread are printed beside it, for what the worker adds,
 * and the same keystrokes with a commit before each (`_changing`: another terminal printing while
 * the user types), which makes the reader read its recent window again every time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryQuery } from '../../shared/domain/history-query';
import { openReader } from '../../electron/store/database/database';
import { StoreQueries } from '../../electron/store/queries/queries';
import { openStore } from '../../electron/store/store';
import { generateHistory } from '../../electron/store/testing/generate-history';
import { percentile, round } from './stats';

/** What people type at Ctrl+R: words from the generated history, prefixes, letters skipped. */
const TYPED = [
  'git status',
  'npm run build',
  'docker compose',
  'kubectl get pods',
  'cargo tst',
  'gt psh',
  'ssh prod',
  'curl api',
  'pytest -k',
];

/** Every prefix of every query: one request per keystroke. */
const keystrokes = (needle: string): string[] =>
  [...TYPED, needle].flatMap((query) => Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)));

const FILTERS: ReadonlyArray<Omit<HistoryQuery, 'query'>> = [
  {},
  { cwd: '/home/dev' },
  { failed: true },
  { host: 'devbox' },
  { since: Date.UTC(2025, 0, 1), until: Date.UTC(2026, 0, 1) },
];

const time = async (run: () => unknown): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

export const benchHistorySearch = async (options: { commands?: number } = {}): Promise<Record<string, number>> => {
  const commands = options.commands ?? 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), 'ct-bench-hsearch-'));
  try {
    const path = join(dir, 'contexterm.db');
    const history = generateHistory(path, { commands, sessions: Math.max(1, Math.round(commands / 100)) });
    const typed = keystrokes(history.needle);
    const session = history.sessionIds[Math.floor(history.sessionIds.length / 2)]!;
    const requests: HistoryQuery[] = [
      ...FILTERS.flatMap((filters) => typed.map((query) => ({ query, limit: 50, mode: 'fuzzy' as const, ...filters }))),
      ...typed.map((query) => ({ query, limit: 50, mode: 'fuzzy' as const, sessionId: session })),
    ];

    const raw = new StoreQueries(openReader(path));
    const inThread: number[] = [];
    for (const request of requests) inThread.push(await time(() => raw.searchHistory(request)));
    raw.db.close();

    const { store } = await openStore({ dataDir: dir, integrityCheck: 'never', log: () => {} });
    const worker: number[] = [];
    const changing: number[] = [];
    let found = 0;
    try {
      // Warm the worker's statements and page cache as a first Ctrl+R would.
      for (const request of requests.slice(0, 50)) await store.searchHistory(request);
      for (const request of requests) {
        worker.push(
          await time(async () => {
            found += (await store.searchHistory(request)).hits.length;
          }),
        );
      }
      for (const [i, request] of requests.slice(0, typed.length * 2).entries()) {
        store.updateSession(session, { title: `bench ${i}` });
        await store.flush();
        changing.push(await time(() => store.searchHistory(request)));
      }
    } finally {
      await store.close();
    }
    return {
      history_search_p99_ms: round(percentile(worker, 99), 2),
      history_search_p50_ms: round(percentile(worker, 50), 2),
      history_search_in_thread_p99_ms: round(percentile(inThread, 99), 2),
      history_search_changing_p99_ms: round(percentile(changing, 99), 2),
      history_search_changing_p50_ms: round(percentile(changing, 50), 2),
      history_search_requests: worker.length,
      history_search_mean_hits: round(found / worker.length, 1),
      history_search_commands: commands,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
