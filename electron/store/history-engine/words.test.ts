// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryQuery } from '../../../shared/domain/history-query';
import type { WritableDb } from '../database/database';
import { toCommandRow, toSessionRow, type CommandUpsert } from '../client/inputs';
import type { WriteOp } from '../worker/protocol';
import { StoreQueries } from '../queries/queries';
import { openStore } from '../store';
import { commandInput, createMigratedDb, makeTempDir, sessionInput } from '../testing/fixtures';
import { Writer } from '../worker/writer';
import { allWordsMatch, queryWords } from './terms';

/** The newest full-text matches the words mode reads per word (docs/history.md, "Bounds"): past them the total is "1,000+". */
const WORD_CANDIDATES = 1000;

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
const search = (query: string, more: Partial<HistoryQuery> = {}) => queries.searchHistory({ query, limit: 10, ...more });
const ids = (query: string, limit = 10) => search(query, { limit }).hits.map((hit) => hit.command.id);

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

describe('the words mode', () => {
  it('matches command lines and clean output, the last word as a prefix', () => {
    expect(ids('git')).toEqual(['a:1']);
    expect(ids('working tree')).toEqual(['a:1']);
    expect(ids('HTMLEl')).toEqual(['a:2']);
    expect(ids('buil')).toEqual(['a:2']);
    // Only the last word is a prefix: "buil" alone matches nothing, "error" does.
    expect(search('buil error').hits.map((hit) => [hit.command.id, hit.matched])).toEqual([['a:2', [1]]]);
  });

  it('does not need every word: records holding more of them come first', () => {
    // Issue 39: "cargo test failing" found nothing because every word had to match.
    // One word each; "npm" is in a command line, "postgres" only in an output.
    expect(ids('npm postgres')).toEqual(['a:2', 'b:3']);
    expect(ids('npm HTMLElement postgres')).toEqual(['a:2', 'b:3']);
    expect(search('npm HTMLElement postgres').hits.map((hit) => hit.matched)).toEqual([[0, 1], [2]]);
  });

  it('ranks a command-line hit above an output-only hit, the newest breaking a tie', () => {
    upsert(
      commandInput('a', 10, { commandLine: 'ls', cleanOutput: 'kubectl.yaml kubectl.bak notes.txt' }),
      commandInput('a', 11, { commandLine: 'kubectl get pods', cleanOutput: 'No resources found' }),
      commandInput('a', 12, { commandLine: 'cat rules.mk', cleanOutput: 'kubectl apply' }),
    );
    expect(ids('kubectl')).toEqual(['a:11', 'a:12', 'a:10']);
  });

  it('ranks a rare word above a common one', () => {
    upsert(...Array.from({ length: 20 }, (_, i) => commandInput('a', 20 + i, { commandLine: `echo common ${i}` })));
    upsert(commandInput('a', 50, { commandLine: 'echo rareword' }));
    expect(ids('common rareword', 3)).toEqual(['a:50', 'a:39', 'a:38']);
  });

  it('lists the newest records for an empty query, within the filters, with the total', () => {
    const answer = search('  ');
    expect(answer.hits.map((hit) => hit.command.id)).toEqual(['b:4', 'b:3', 'a:2', 'a:1']);
    expect(answer).toMatchObject({ total: 4, totalExact: true });
    expect(search('', { sessionId: 'a' }).hits.map((hit) => hit.command.id)).toEqual(['a:2', 'a:1']);
  });

  it('pages through all matches in one order, offset by offset, with the same total', () => {
    upsert(
      ...Array.from({ length: 25 }, (_, i) =>
        commandInput('b', 100 + i, { commandLine: `make step${i}`, cleanOutput: i % 2 ? 'make: ok' : 'done' }),
      ),
    );
    const all = search('make', { limit: 100 });
    expect(all).toMatchObject({ total: 25, totalExact: true });
    const pages = [0, 10, 20].flatMap((offset) => search('make', { limit: 10, offset }).hits.map((hit) => hit.command.id));
    expect(pages).toEqual(all.hits.map((hit) => hit.command.id));
    const newest = search('', { limit: 100 }).hits.map((hit) => hit.command.id);
    expect(search('', { limit: 10, offset: 20 }).hits.map((hit) => hit.command.id)).toEqual(newest.slice(20, 30));
  });

  it('says the total is a lower bound once a word has more matches than it reads', () => {
    upsert(...Array.from({ length: WORD_CANDIDATES + 1 }, (_, i) => commandInput('b', 1000 + i, { commandLine: `ping host${i}` })));
    expect(search('ping', { limit: 1 })).toMatchObject({ total: WORD_CANDIDATES, totalExact: false });
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
    write(
      commandOps([commandInput('a', 20, { commandLine: 'terraform apply', cleanOutput: 'Apply complete! Resources: 3 added' })]),
      false,
    );
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

  it('treats FTS syntax and regex characters in the input as text', () => {
    expect(ids('"')).toEqual([]);
    expect(ids('*')).toEqual([]);
    expect(ids('.*')).toEqual([]);
    expect(ids('-')).toEqual([]);
    expect(ids('OR')).toEqual(['b:4']);
    expect(ids('NEAR(')).toEqual(['b:4']);
    expect(ids('NEAR(x')).toEqual(['b:4']);
    // OR is a word here, not the operator: the records holding "git", "or" and "docker" each match one.
    expect(ids('git OR docker')).toEqual(['b:4', 'b:3', 'a:1']);
    expect(ids('-git')).toEqual(['a:1']);
    expect(ids('command_line:git')).toEqual([]);
    expect(ids('"git status"')).toEqual(['a:1']);
    expect(ids('^docker')).toEqual(['b:3']);
    // Regex characters split words as any punctuation does: "src|query" is the text src, query.
    expect(ids('(src|query)+')).toEqual(['b:4']);
    expect(ids('^g.t$ [a-z]{2}')).toEqual([]);
  });

  it('never throws, whatever is typed', () => {
    const alphabet = fc.constantFrom(
      '"',
      '*',
      '-',
      '+',
      '^',
      ':',
      '(',
      ')',
      '{',
      '}',
      'OR',
      'AND',
      'NOT',
      'NEAR',
      ' ',
      'git',
      'é',
      '🙂',
      '\0',
      '\\',
      '.*',
      '[',
      '$',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(alphabet, { maxLength: 12 }).map((parts) => parts.join('')),
        ),
        (input) => {
          search(input, { limit: 5 });
          search(input, { limit: 5, mode: 'fuzzy' });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes a 10,000-character query, using its first 16 words', () => {
    const long = `git ${'x'.repeat(9_000)} ${'word '.repeat(200)}`.slice(0, 10_000);
    expect(ids(long)).toEqual(['a:1']);
    expect(queryWords(long)).toHaveLength(16);
    expect(() => search('é'.repeat(10_000), { mode: 'fuzzy' })).not.toThrow();
  });

  it('quotes every word and marks only the last as a prefix (two letters or more)', () => {
    expect(allWordsMatch(queryWords('  git  sta '))).toBe('"git" "sta"*');
    expect(allWordsMatch(queryWords('say "hi"'))).toBe('"say" """hi"""*');
    expect(allWordsMatch(queryWords('* - "'))).toBeUndefined();
    expect(allWordsMatch(queryWords('a\0b'))).toBe('"a" "b"');
  });

  it('returns at most limit results', () => {
    for (let seq = 20; seq < 40; seq++) upsert(commandInput('b', seq, { commandLine: `make target${seq}` }));
    expect(ids('make', 7)).toHaveLength(7);
  });
});

describe('the words mode through the store', () => {
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
      expect((await store.searchHistory({ query: 'terraform' })).hits.map((hit) => hit.command.id).sort()).toEqual(['live:1', 'old:1']);
      expect((await store.searchHistory({ query: 'resources added' })).hits.map((hit) => hit.command.id)).toEqual(['old:1']);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});
