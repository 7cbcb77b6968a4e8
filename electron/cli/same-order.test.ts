// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryQuery } from '../../shared/domain/history-query';
import { Redactor } from '../context/redaction';
import { commandsHandlers, type CommandsStore } from '../ipc/commands-handlers';
import { StoreQueries } from '../store/queries/queries';
import { searchHistory } from './history-commands';
import { HistoryDb } from './history-db';
import { searchForOutside } from './history-read';
import { searchCommandsTool, toHistoryQuery } from './mcp-search';
import { HistoryFixture } from './testing/history-fixture';

/**
 * Contract "One history engine": the Commands panel (`commands:search`), `contexterm history
 * search --json` and MCP `search_commands` give the same records in the same order for one query
 * and one set of filters. On main before issue 39 the panel listed command-line matches first,
 * the CLI and MCP re-sorted by time, and a word missing anywhere found nothing.
 */
const redactor = new Redactor();
let fixture: HistoryFixture;
let db: HistoryDb;

beforeEach(() => {
  fixture = new HistoryFixture();
  fixture.add({ line: 'cargo test', chunks: ['running 3 tests\r\ntest result: FAILED\r\n'], exitCode: 101, cwd: '/home/dev/projB' });
  fixture.add({ line: 'ls', chunks: ['Cargo.toml src\r\n'] });
  fixture.add({ line: 'echo cargo', chunks: ['cargo\r\n'], cwd: '/home/dev/projB/src' });
  fixture.add({ line: 'make check', chunks: ['cargo test passed\r\n'] });
  db = HistoryDb.open(fixture.dir);
});
afterEach(() => {
  db.close();
  fixture.remove();
});

/** The panel's handler over the same database, as the app's reader worker would answer it. */
const panel = async (query: Omit<HistoryQuery, 'mode'>): Promise<string[]> => {
  const queries = new StoreQueries(fixture.db);
  const store = { searchHistory: (q: HistoryQuery, excluded?: readonly string[]) => Promise.resolve(queries.searchHistory(q, excluded)) };
  const handlers = commandsHandlers(store as unknown as CommandsStore, {} as never);
  return (await handlers['commands:search'](query, {} as never)).commands.map((c) => c.id);
};

describe('one query, the same records in the same order', () => {
  it.each<Omit<HistoryQuery, 'mode'>>([
    { query: 'cargo test' },
    { query: 'cargo failing' },
    { query: 'test' },
    { query: 'cargo', cwd: '/home/dev/projB' },
    { query: '', failed: true },
  ])('%o', async (query) => {
    const expected = await panel({ limit: 50, ...query });
    const cli = (JSON.parse(searchHistory(db, redactor, { limit: 50, ...query }, true)) as { id: string }[]).map((row) => row.id);
    const outside = searchForOutside(db, redactor, { limit: 50, ...query }).commands.map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(cli).toEqual(expected);
    expect(outside).toEqual(expected);
    const args = { query: query.query, cwd: query.cwd, failed: query.failed, limit: 50 };
    const mcp = (searchCommandsTool(db, redactor, toHistoryQuery(args)) as { commands: { command_id: string }[] }).commands.map(
      (c) => c.command_id,
    );
    expect(mcp).toEqual(expected);
  });
});
