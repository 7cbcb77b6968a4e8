// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secretCases } from '../../tests/fixtures/secret-corpus';
import { Redactor } from '../context/redaction';
import { HistoryDb } from './history-db';
import { answerSize, MAX_ANSWER_CHARS } from './mcp-answer';
import { searchCommandsTool, toHistoryQuery } from './mcp-search';
import { getCommandsTool, listSessionsTool, recentActivityText, recentCommandsTool } from './mcp-tools';
import { HistoryFixture } from './testing/history-fixture';

const KEY = secretCases().find((c) => c.kind === 'aws-access-key-id')!.secret;
const redactor = new Redactor();
let fixture: HistoryFixture;
let db: HistoryDb;

beforeEach(() => {
  fixture = new HistoryFixture();
  db = HistoryDb.open(fixture.dir);
});

afterEach(() => {
  db.close();
  fixture.remove();
});

describe('MCP tools', () => {
  it("get_commands answers as the model's tool does, with host, redacted, unknown ids listed", async () => {
    const id = fixture.add({ line: `export AWS_ACCESS_KEY_ID=${KEY}`, chunks: [`set ${KEY}\r\n`] });
    const result = (await getCommandsTool(db, redactor, [id, 'sess1:99'])) as {
      commands: Array<Record<string, unknown>>;
      unknown_ids: string[];
    };
    expect(result.commands[0]).toMatchObject({ command_id: id, cwd: '/home/dev', host: 'devbox', exit_code: 0 });
    expect(result.unknown_ids).toEqual(['sess1:99']);
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(result.commands[0]!.full_output).toMatch(/set \[REDACTED:/);
  });

  it('lists recent commands newest first and sessions, redacted', () => {
    fixture.add({ line: 'first', chunks: ['a\r\n'] });
    fixture.add({ line: `echo ${KEY}`, chunks: ['b\r\n'] });
    const recent = recentCommandsTool(db, redactor, 10) as { commands: Array<{ command_line: string }> };
    expect(recent.commands.map((c) => c.command_line)).toEqual(['echo [REDACTED:aws-access-key-id]', 'first']);
    expect(listSessionsTool(db, redactor, 5)).toMatchObject({ sessions: [{ session_id: 'sess1', ended_at: null }] });
  });

  it('keeps one call within the get_commands budget, saying how many it left out', () => {
    for (let i = 0; i < 50; i++) fixture.add({ line: `build step ${i} ${'x'.repeat(4000)}`, chunks: ['y'.repeat(3000)] });
    const value = searchCommandsTool(db, redactor, toHistoryQuery({ query: 'build', limit: 50 }));
    expect(answerSize(value)).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    const parsed = value as { commands: unknown[]; omitted_for_size: number; next_offset: number };
    expect(parsed.commands.length + parsed.omitted_for_size).toBe(50);
    expect(parsed.omitted_for_size).toBeGreaterThan(0);
    // The records left out are the next page.
    expect(parsed.next_offset).toBe(parsed.commands.length);
  });

  it('renders recent activity as the context builder does, with ids and session headers', async () => {
    expect(await recentActivityText(db, redactor)).toBe('No commands recorded yet.');
    const id = fixture.add({ line: 'cat key', chunks: [`${KEY}\r\n`] });
    const text = await recentActivityText(db, redactor);
    expect(text).toContain('=== Session sess1 ===');
    expect(text).toContain(`$ cat key   # id ${id}`);
    expect(text).not.toContain(KEY);
  });
});
