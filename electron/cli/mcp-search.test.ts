// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { SearchArgs, toHistoryQuery } from './mcp-search';

const NOW = Date.UTC(2026, 11, 7, 12, 0);

describe('search_commands arguments', () => {
  it("become the history engine's query, with since/until as ISO dates or durations", () => {
    expect(
      toHistoryQuery(
        {
          query: 'cargo test',
          cwd: '/src',
          failed: true,
          since: '2h',
          until: '2026-12-07T11:30Z',
          ran_by: 'assistant',
          session_id: 's1',
          exit_code: 1,
          host: 'box',
        },
        NOW,
      ),
    ).toEqual({
      query: 'cargo test',
      mode: 'words',
      cwd: '/src',
      exitCode: 1,
      failed: true,
      host: 'box',
      since: NOW - 2 * 3_600_000,
      until: Date.UTC(2026, 11, 7, 11, 30),
      ranBy: 'assistant',
      sessionId: 's1',
      limit: 20,
      offset: 0,
    });
    expect(toHistoryQuery({}, NOW)).toMatchObject({ query: '', limit: 20, offset: 0 });
  });

  it('refuses a time that is neither, saying what is accepted', () => {
    expect(() => toHistoryQuery({ until: '1.5h' }, NOW)).toThrow(CliError);
    expect(() => toHistoryQuery({ since: 'last week' }, NOW)).toThrow(/since "last week" is not a time: give an ISO date/);
  });

  it('refuses a filter it does not know, by name, rather than answering unfiltered', () => {
    const parsed = SearchArgs.safeParse({ query: 'x', directory: '/src' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('directory');
    expect(SearchArgs.safeParse({ query: 'q'.repeat(10_000) }).success).toBe(true);
    expect(SearchArgs.safeParse({ limit: 51 }).success).toBe(false);
  });
});
