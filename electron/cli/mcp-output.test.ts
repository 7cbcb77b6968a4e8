// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secretCases } from '../../tests/fixtures/secret-corpus';
import { Redactor } from '../context/redaction';
import { CliError } from './cli-error';
import { HistoryDb } from './history-db';
import { answerSize, MAX_ANSWER_CHARS } from './mcp-answer';
import { commandOutputPage } from './mcp-output';
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

describe('get_command_output', () => {
  it('gives clean lines from the recorded output, redacted whole before the page is cut', () => {
    const id = fixture.add({ line: 'env', chunks: ['\x1b[32mPATH=/bin\x1b[0m\r\nAWS_ACCESS_KEY_ID=', `${KEY}\r\nHOME=/home/dev\r\n`] });
    const page = commandOutputPage(db, redactor, { command_id: id, offset_line: 1, max_lines: 1 });
    expect(page).toEqual({
      command_id: id,
      offset_line: 1,
      lines: ['AWS_ACCESS_KEY_ID=[REDACTED:aws-access-key-id]'],
      total_lines: 3,
      next_offset_line: 2,
    });
    expect(commandOutputPage(db, redactor, { command_id: id }).lines).toEqual([
      'PATH=/bin',
      'AWS_ACCESS_KEY_ID=[REDACTED:aws-access-key-id]',
      'HOME=/home/dev',
    ]);
  });

  it('applies a redaction pattern added between two pages of the same output', () => {
    const id = fixture.add({ line: 'cat notes', chunks: ['codename bluebird\r\nsecond\r\n'] });
    expect(commandOutputPage(db, redactor, { command_id: id }).lines).toEqual(['codename bluebird', 'second']);
    const stricter = new Redactor({ enabled: true, userPatterns: [{ kind: 'codename', pattern: 'bluebird', caseInsensitive: false }] });
    expect(commandOutputPage(db, stricter, { command_id: id }).lines).toEqual(['codename [REDACTED:codename]', 'second']);
  });

  it('withholds the output of a command that prints a secret', () => {
    const id = fixture.add({ line: 'pass show prod/db', chunks: ['hunter2-but-longer\r\n'] });
    const text = JSON.stringify(commandOutputPage(db, redactor, { command_id: id }));
    expect(text).not.toContain('hunter2');
    expect(text).toContain('[REDACTED:');
  });

  it('fits lines that escaping makes long within the budget, counting both copies', () => {
    const id = fixture.add({ line: 'cat ctl', chunks: [`${'\u0001"\\'.repeat(300)}\r\n`.repeat(500)] });
    const page = commandOutputPage(db, redactor, { command_id: id, max_lines: 2000 });
    expect(answerSize(page)).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    expect(answerSize(page)).toBeGreaterThan(MAX_ANSWER_CHARS - 2000);
    expect(page.next_offset_line).toBe(page.lines.length);
    expect(page.lines.length).toBeLessThan(500);
  });

  it('says an unknown id is not found, as a domain error', () => {
    expect(() => commandOutputPage(db, redactor, { command_id: 'sess1:42' })).toThrow(CliError);
  });
});
