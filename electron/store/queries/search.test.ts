// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WritableDb } from '../database/database';
import { toCommandRow, toSessionRow, type CommandUpsert } from '../client/inputs';
import type { WriteOp } from '../worker/protocol';
import { StoreQueries, toFtsQuery } from './queries';
import { openStore } from '../store';
import { commandInput, createMigratedDb, makeTempDir, sessionInput } from '../testing/fixtures';
import { Writer } from '../worker/writer';

let db: WritableDb;
let writer: Writer;
let queries: StoreQueries;

/** Commits through the real writer; `searchable` also indexes the clean output, as flush({ searchable: true }) does. */
const write = (ops: WriteOp[], searchable = true) => {
  writer.enqueue({ type: 'write', ops, arena: null, bytes: 0 });
  writer.commit();
  if (searchable) writer.drainIndex();
};
const commandOps = (records: CommandUpsert[]): WriteOp[] => records.map((record) => ({ kind: 'command', command: toCommandRow(record) }));
const upsert = (...records: CommandUpsert[]) => write(commandOps(records));
const ids = (query: string, limit = 10) => queries.searchCommands(query, limit).map((c) => c.id);

beforeEach(() => {
  db = createMigratedDb();
  writer = new Writer(db, { committed: () => {}, error: (message) => expect.fail(message), health: () => {} });
  queries = new StoreQueries(db);
  write(['a', 'b'].map((id) => ({ kind: 'session-start', session: toSessionRow(sessionInput(id)) })));
  upsert(
    commandInput('a', 1, { commandLine: 'git status', cleanOutput: 'On branch main\nnothing to commit, working tree clean' }),
    commandInput('a', 2, { commandLine: 'npm run build', cleanOutput: 'error TS2304: Cannot find name HTMLElement' }),
    commandInput('b', 3, { commandLine: 'docker compose up -d', cleanOutput: 'Container postgres Started' }),
    commandInput('b', 4, { commandLine: 'grep -rn "OR" src/', cleanOutput: 'src/query.ts: a OR b\nsrc/near.ts: NEAR(x y)' }),
  );
});
afterEach(() => writer.close());

describe('searchCommands', () => {
  it('matches command lines and clean output, ANDing terms, prefix on the last one', () => {
    expect(ids('git')).toEqual(['a:1']);
    expect(ids('working tree')).toEqual(['a:1']);
    expect(ids('HTMLEl')).toEqual(['a:2']);
    expect(ids('npm HTMLElement')).toEqual(['a:2']);
    expect(ids('npm postgres')).toEqual([]);
    expect(ids('buil')).toEqual(['a:2']);
    // Only the last term is a prefix.
    expect(ids('buil error')).toEqual([]);
  });

  it('ranks a command-line hit above an output-only hit', () => {
    upsert(
      commandInput('a', 10, { commandLine: 'ls', cleanOutput: 'kubectl.yaml kubectl.bak notes.txt' }),
      commandInput('a', 11, { commandLine: 'kubectl get pods', cleanOutput: 'No resources found' }),
    );
    expect(ids('kubectl')).toEqual(['a:11', 'a:10']);
  });

  it('lists command-line hits newest first, before newer output-only hits, and fills up to the limit', () => {
    upsert(
      commandInput('a', 20, { commandLine: 'make test', cleanOutput: 'ok' }),
      commandInput('a', 21, { commandLine: 'make lint', cleanOutput: 'ok' }),
      commandInput('a', 22, { commandLine: 'cat rules.mk', cleanOutput: 'test: make check' }),
    );
    expect(ids('make')).toEqual(['a:21', 'a:20', 'a:22']);
    expect(ids('make', 2)).toEqual(['a:21', 'a:20']);
    expect(ids('make test')).toEqual(['a:20', 'a:22']);
  });

  it('keeps the index in step with updates: old text stops matching', () => {
    upsert(commandInput('a', 2, { commandLine: 'npm run build', cleanOutput: 'compiled successfully' }));
    expect(ids('HTMLElement')).toEqual([]);
    expect(ids('compiled')).toEqual(['a:2']);
    // An end without clean output keeps the indexed text.
    upsert(commandInput('a', 2, { commandLine: 'npm run build', exitCode: 0, endedAt: 5 }));
    expect(ids('compiled')).toEqual(['a:2']);
    // With rank = 1 this compares the index with the content table: SQLITE_CORRUPT_VTAB if a trigger missed a change.
    const check = () => db.prepare("INSERT INTO commands_fts (commands_fts, rank) VALUES ('integrity-check', 1)").run();
    expect(check).not.toThrow();
    db.exec('DROP TRIGGER commands_fts_update');
    db.exec("UPDATE commands SET command_line = 'changed behind the index' WHERE id = 'a:1'");
    expect(check).toThrow(/malformed/);
  });

  it('makes a command line searchable at commit and its output once the idle indexer has run', async () => {
    write(commandOps([commandInput('a', 20, { commandLine: 'terraform apply', cleanOutput: 'Apply complete! Resources: 3 added' })]), false);
    expect(ids('terraform')).toEqual(['a:20']);
    expect(ids('Resources')).toEqual([]);
    // No timer and no polling: the indexer's slice is queued with setImmediate right after the commit.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids('Resources')).toEqual(['a:20']);
  });

  it('leaves a waiting write first: no slice runs while recording is pending', async () => {
    write(commandOps([commandInput('a', 21, { commandLine: 'cat big.log', cleanOutput: 'needle in the output' })]), false);
    writer.enqueue({ type: 'write', ops: [], arena: null, bytes: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids('needle')).toEqual([]);
    writer.commit();
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids('needle')).toEqual(['a:21']);
  });

  it('treats FTS syntax in the input as text', () => {
    expect(ids('"')).toEqual([]);
    expect(ids('*')).toEqual([]);
    expect(ids('-')).toEqual([]);
    expect(ids('OR')).toEqual(['b:4']);
    expect(ids('NEAR(')).toEqual(['b:4']);
    expect(ids('NEAR(x')).toEqual(['b:4']);
    expect(ids('git OR docker')).toEqual([]);
    expect(ids('-git')).toEqual(['a:1']);
    expect(ids('command_line:git')).toEqual([]);
    expect(ids('"git status"')).toEqual(['a:1']);
    expect(ids('git" OR "docker')).toEqual([]);
    expect(ids('^docker')).toEqual(['b:3']);
    expect(ids('')).toEqual([]);
  });

  it('never throws, whatever is typed', () => {
    const alphabet = fc.constantFrom('"', '*', '-', '+', '^', ':', '(', ')', '{', '}', 'OR', 'AND', 'NOT', 'NEAR', ' ', 'git', 'é', '🙂', '\0', '\\');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(alphabet, { maxLength: 12 }).map((parts) => parts.join(''))), (input) => {
        queries.searchCommands(input, 5);
      }),
      { numRuns: 500 },
    );
  });

  it('quotes every term and marks only the last as a prefix', () => {
    expect(toFtsQuery('  git  sta ')).toBe('"git" "sta"*');
    expect(toFtsQuery('say "hi"')).toBe('"say" """hi"""*');
    expect(toFtsQuery('* - "')).toBeUndefined();
    expect(toFtsQuery('a\0b')).toBe('"a" "b"*');
  });

  it('returns at most limit results, and none for limit 0', () => {
    for (let seq = 20; seq < 40; seq++) upsert(commandInput('b', seq, { commandLine: `make target${seq}` }));
    expect(ids('make', 7)).toHaveLength(7);
    expect(ids('make', 0)).toEqual([]);
  });
});

describe('searchCommands through the store', () => {
  it('finds commands of ended sessions', async () => {
    const dir = makeTempDir();
    const { store } = await openStore({ dataDir: dir.path });
    try {
      store.startSession(sessionInput('old'));
      store.upsertCommand(commandInput('old', 1, { commandLine: 'terraform apply', cleanOutput: 'Apply complete! Resources: 3 added' }));
      store.endSession('old', 1_700_000_100_000);
      store.startSession(sessionInput('live'));
      store.upsertCommand(commandInput('live', 1, { commandLine: 'terraform plan' }));
      await store.flush({ searchable: true });
      expect((await store.getSession('old'))?.endedAt).toBe(1_700_000_100_000);
      expect((await store.searchCommands('terraform', 10)).map((c) => c.id).sort()).toEqual(['live:1', 'old:1']);
      expect((await store.searchCommands('resources added', 10)).map((c) => c.id)).toEqual(['old:1']);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});
