// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryQuery } from '../../../shared/domain/history-query';
import type { WritableDb } from '../database/database';
import { toCommandRow, toSessionRow, type CommandUpsert } from '../client/inputs';
import type { WriteOp } from '../worker/protocol';
import { StoreQueries } from '../queries/queries';
import { openStore } from '../store';
import { commandInput, createMigratedDb, makeTempDir, sessionInput } from '../testing/fixtures';
import { Writer } from '../worker/writer';
import { prefixMatch } from './terms';

/** The recent window's size, as docs/history.md states it ("the newest 4,000 matching commands"). */
const WINDOW = 4000;

let db: WritableDb;
let writer: Writer;
let queries: StoreQueries;

const write = (ops: WriteOp[]) => {
  writer.enqueue({ type: 'write', ops, arena: null, bytes: 0 });
  writer.commit();
};
const upsert = (...records: CommandUpsert[]) => write(records.map((record) => ({ kind: 'command', command: toCommandRow(record) })));
const answer = (request: Partial<HistoryQuery>, excluded: string[] = []) =>
  queries.searchHistory({ query: '', mode: 'fuzzy', ...request }, excluded);
const search = (request: Partial<HistoryQuery>, excluded: string[] = []) => answer(request, excluded).hits;
const ids = (request: Partial<HistoryQuery>, excluded: string[] = []) => search(request, excluded).map((hit) => hit.command.id);

beforeEach(() => {
  db = createMigratedDb();
  writer = new Writer(db, { committed: () => {}, error: (message) => expect.fail(message), health: () => {} });
  queries = new StoreQueries(db);
  write(['a', 'b'].map((id) => ({ kind: 'session-start', session: toSessionRow(sessionInput(id)) })));
  upsert(
    commandInput('a', 1, { commandLine: 'git status', exitCode: 0, endedAt: 1_700_000_001_500 }),
    commandInput('a', 2, { commandLine: 'npm run build', exitCode: 2, endedAt: 1_700_000_002_500, cwd: '/srv/app' }),
    commandInput('b', 3, { commandLine: 'echo distinctive-marker', exitCode: 0, endedAt: 1_700_000_003_500, hostname: 'web1' }),
    commandInput('b', 4, { commandLine: 'git stash pop', exitCode: 1, endedAt: 1_700_000_004_500 }),
  );
});
afterEach(() => writer.close());

describe('the fuzzy mode ranking', () => {
  it('finds a command line with a letter skipped', () => {
    expect(ids({ query: 'distnctive' })).toEqual(['b:3']);
    expect(search({ query: 'distnctive' })[0]!.matched.length).toBe('distnctive'.length);
  });

  it('ranks the closer match first, whatever its age', () => {
    upsert(commandInput('a', 5, { commandLine: 'cat npm-debug.log | grep run | less +build' }));
    expect(ids({ query: 'npm run build' })).toEqual(['a:2', 'a:5']);
  });

  it('breaks a tie by recency, newest first', () => {
    upsert(commandInput('a', 6, { commandLine: 'make lint' }), commandInput('b', 7, { commandLine: 'make tidy' }));
    // ('echo distinctive-marker' has m, a, k, e in order too: a poor match, ranked last.)
    expect(ids({ query: 'make' })).toEqual(['b:7', 'a:6', 'b:3']);
  });

  it('lists the newest lines for an empty query, each line once (its newest run)', () => {
    upsert(commandInput('a', 8, { commandLine: 'git status' }));
    expect(ids({ query: '  ' })).toEqual(['a:8', 'b:4', 'b:3', 'a:2']);
    expect(ids({ query: '', limit: 2 })).toEqual(['a:8', 'b:4']);
  });

  it('matches nothing when the letters are not in any line', () => {
    expect(ids({ query: 'kubectl' })).toEqual([]);
  });

  it('finds an old command beyond the recent window through FTS5 when its words are typed', () => {
    upsert(...Array.from({ length: WINDOW + 5 }, (_, i) => commandInput('a', 100 + i, { commandLine: `ls ${i}` })));
    expect(ids({ query: 'distinctive' })).toEqual(['b:3']);
    // Misspelt, it is past the window and has no FTS5 word: that is the window's bound.
    expect(ids({ query: 'distnctive' })).toEqual([]);
  });

  it('keeps remote commands, with their origin', () => {
    upsert(commandInput('b', 9, { commandLine: 'systemctl restart nginx', remote: { host: 'web1', user: 'ops' } }));
    expect(search({ query: 'restart ngnx' }).map((hit) => hit.command.remote)).toEqual([{ host: 'web1', user: 'ops' }]);
  });
});

describe('the fuzzy mode filters', () => {
  it('this directory and every directory below it, not a sibling that starts the same', () => {
    upsert(
      commandInput('a', 20, { commandLine: 'make docs', cwd: '/srv/app/docs' }),
      commandInput('a', 21, { commandLine: 'make old', cwd: '/srv/app-old' }),
      commandInput('a', 22, { commandLine: 'make up', cwd: '/srv' }),
    );
    expect(ids({ cwd: '/srv/app' })).toEqual(['a:20', 'a:2']);
    expect(ids({ cwd: '/srv/app/' })).toEqual(['a:20', 'a:2']);
    expect(ids({ cwd: '/srv' })).toEqual(['a:22', 'a:21', 'a:20', 'a:2']);
    expect(ids({ cwd: '/srv/app%_*[' })).toEqual([]);
    expect(ids({ cwd: '/nowhere' })).toEqual([]);
  });

  it('an exit code', () => {
    expect(ids({ exitCode: 2 })).toEqual(['a:2']);
    expect(ids({ exitCode: 0 })).toEqual(['b:3', 'a:1']);
    expect(ids({ exitCode: 0, failed: true })).toEqual([]);
  });

  it('who ran it: the assistant (command_actors) or the user', () => {
    upsert(commandInput('a', 30, { commandLine: 'ls -la', ranBy: 'assistant' }));
    expect(ids({ ranBy: 'assistant' })).toEqual(['a:30']);
    expect(ids({ ranBy: 'user' })).not.toContain('a:30');
    expect(ids({ ranBy: 'user' })).toHaveLength(4);
  });

  it('a remote host as typed after ssh, with or without its user', () => {
    upsert(commandInput('b', 31, { commandLine: 'uptime', hostname: 'web1.internal', remote: { host: 'web1', user: 'ops' } }));
    expect(ids({ host: 'web1' })).toEqual(['b:31', 'b:3']);
    expect(ids({ host: 'ops@web1' })).toEqual(['b:31']);
    expect(ids({ host: 'root@web1' })).toEqual([]);
    expect(ids({ host: 'web1.internal' })).toEqual(['b:31']);
  });

  it('counts all matches and pages through them (Ctrl+R scrolls past its first page)', () => {
    upsert(...Array.from({ length: 70 }, (_, i) => commandInput('a', 100 + i, { commandLine: `false ${i}`, exitCode: 1 })));
    const first = answer({ failed: true, limit: 50 });
    expect(first).toMatchObject({ total: 72, totalExact: true });
    const second = answer({ failed: true, limit: 50, offset: 50 });
    expect(second.hits).toHaveLength(22);
    expect(second.hits.map((hit) => hit.command.id)).toContain('a:2');
    expect(new Set([...first.hits, ...second.hits].map((hit) => hit.command.id)).size).toBe(72);
  });

  it('this session', () => {
    expect(ids({ sessionId: 'a' })).toEqual(['a:2', 'a:1']);
    expect(ids({ sessionId: 'a', query: 'git' })).toEqual(['a:1']);
  });

  it('this host', () => {
    expect(ids({ host: 'web1' })).toEqual(['b:3']);
  });

  it('failed only: a non-zero exit, never a success or a command still running', () => {
    upsert(commandInput('a', 10, { commandLine: 'sleep 100', exitCode: null, endedAt: null }));
    expect(ids({ failed: true })).toEqual(['b:4', 'a:2']);
    expect(ids({ failed: true, query: 'git' })).toEqual(['b:4']);
  });

  it('a time range, the end exclusive', () => {
    expect(ids({ since: 1_700_000_002_000, until: 1_700_000_004_000 })).toEqual(['b:3', 'a:2']);
  });

  it('filters apply to FTS5 candidates too', () => {
    expect(ids({ query: 'git stash', cwd: '/srv/app' })).toEqual([]);
    expect(ids({ query: 'git stash', failed: true })).toEqual(['b:4']);
  });
});

describe('the fuzzy mode and forgetting', () => {
  it('leaves out excluded ids (forgets in their undo window); an older run of the line stands in', () => {
    upsert(commandInput('a', 11, { commandLine: 'git status' }));
    expect(ids({ query: 'git status' }, ['a:11'])).toEqual(['a:1']);
    expect(ids({ query: 'git status' }, ['a:11', 'a:1'])).toEqual([]);
  });

  it('a deleted command is gone from the index and the window', () => {
    db.prepare('DELETE FROM commands WHERE id = ?').run('b:3');
    expect(ids({ query: 'distinctive' })).toEqual([]);
    expect(ids({})).not.toContain('b:3');
  });
});

describe('the kept recent window', () => {
  it('is read again once another connection commits (the reader worker beside the writer)', async () => {
    const dir = makeTempDir();
    const { store } = await openStore({ dataDir: dir.path });
    try {
      store.startSession(sessionInput('s'));
      store.upsertCommand(commandInput('s', 1, { commandLine: 'make deploy' }));
      await store.flush();
      expect((await store.searchHistory({ query: 'mk dpl', mode: 'fuzzy' })).hits.map((hit) => hit.command.id)).toEqual(['s:1']);
      store.upsertCommand(commandInput('s', 2, { commandLine: 'make deploy-staging' }));
      await store.flush();
      expect((await store.searchHistory({ query: 'mk dpl', mode: 'fuzzy' })).hits.map((hit) => hit.command.id)).toEqual(['s:1', 's:2']);
      expect((await store.searchHistory({ query: '', mode: 'fuzzy' })).hits.map((hit) => hit.command.id)).toEqual(['s:2', 's:1']);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});

describe('prefixMatch', () => {
  it('quotes every word, the last as a prefix, so FTS5 syntax is plain text', () => {
    expect(prefixMatch('git sta')).toBe('"git" "sta"*');
    expect(prefixMatch('say "OR" NEAR(')).toBe('"say" """OR""" "NEAR("*');
  });

  it('leaves short or symbol-only queries to the recent window', () => {
    expect(prefixMatch('g')).toBeUndefined();
    expect(prefixMatch('docker c')).toBeUndefined();
    expect(prefixMatch('gi')).toBe('"gi"*');
    expect(prefixMatch('-- ::')).toBeUndefined();
    expect(prefixMatch('')).toBeUndefined();
  });
});
