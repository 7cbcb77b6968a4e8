// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secretCases } from '../../tests/fixtures/secret-corpus';
import { Redactor } from '../context/redaction';
import { CliError } from './cli-error';
import { checkSchema, HistoryDb, retryBusy } from './history-db';
import { formatStats, historyStats, searchHistory, showCommand } from './history-commands';
import { exportSessionAsciicast, exportSessionJson } from './session-export';
import { HistoryFixture } from './testing/history-fixture';

const KEY = secretCases().find((c) => c.kind === 'aws-access-key-id')!.secret;

let fixture: HistoryFixture;
let db: HistoryDb;
let ids: string[];
const redactor = new Redactor();

beforeEach(() => {
  fixture = new HistoryFixture();
  ids = [
    fixture.add({ line: 'make build', chunks: ['\x1b[32mbuilt ok\x1b[0m\r\n'] }),
    // The key straddles two chunks, as a pty can deliver it.
    fixture.add({ line: 'cat creds', chunks: [`id ${KEY.slice(0, 9)}`, `${KEY.slice(9)} end\r\n`], exitCode: 0 }),
    fixture.add({ line: 'make test', chunks: ['1 failed\r\n'], exitCode: 2 }),
  ];
  db = HistoryDb.open(fixture.dir);
});

afterEach(() => {
  db.close();
  fixture.remove();
});

describe('history search', () => {
  it('returns matches newest first in the documented JSON shape', () => {
    const found = JSON.parse(searchHistory(db, redactor, { query: 'make', limit: 50 }, true)) as Array<Record<string, unknown>>;
    expect(found.map((c) => c.command_line)).toEqual(['make test', 'make build']);
    expect(Object.keys(found[0]!).sort()).toEqual([
      'command_line',
      'cwd',
      'duration_ms',
      'exit_code',
      'host',
      'id',
      'ran_by',
      'session_id',
      'started_at',
    ]);
    expect(found[0]).toMatchObject({ host: 'devbox', session_id: 'sess1', duration_ms: 500, ran_by: 'user' });
    expect(found[0]).toMatchObject({ id: ids[2], exit_code: 2, cwd: '/home/dev' });
  });

  it('finds nothing through text that only a secret holds', () => {
    expect(searchHistory(db, redactor, { query: KEY.slice(0, 12), limit: 50 }, true)).toBe('[]\n');
    expect(searchHistory(db, redactor, { query: 'creds', limit: 50 }, false)).toContain('cat creds');
    // With redaction off (the user's choice) the index answers as it is.
    expect(searchHistory(db, new Redactor({ enabled: false, userPatterns: [] }), { query: KEY.slice(0, 12), limit: 50 }, false)).toContain(
      ids[1],
    );
  });

  it('sees commands the app writes after it opened the database', () => {
    const later = fixture.add({ line: 'make later', chunks: ['ok\r\n'] });
    expect(searchHistory(db, redactor, { query: 'later', limit: 50 }, false)).toContain(later);
  });
});

describe('history show and export', () => {
  it('shows colours on a terminal, plain text otherwise, never the secret', () => {
    expect(showCommand(db, redactor, ids[0]!, { coloured: true, json: false })).toContain('\x1b[32mbuilt ok');
    expect(showCommand(db, redactor, ids[0]!, { coloured: false, json: false })).toBe('built ok\n');
    for (const coloured of [true, false]) {
      const shown = showCommand(db, redactor, ids[1]!, { coloured, json: false });
      expect(shown).not.toContain(KEY);
      expect(shown).toMatch(/id \[REDACTED:[^\]]+\] end/);
    }
  });

  it('says a missing command is not found (exit code 1)', () => {
    const error = (() => {
      try {
        showCommand(db, redactor, 'nope:1', { coloured: false, json: false });
      } catch (caught) {
        return caught as CliError;
      }
    })();
    expect(error).toBeInstanceOf(CliError);
    expect(error?.exitCode).toBe(1);
  });

  it('exports asciicast v2 with the chunks as timed events and a secret across two chunks replaced', () => {
    const lines = exportSessionAsciicast(db, redactor, fixture.sessionId).trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ version: 2, width: 80, height: 24 });
    const events = lines.slice(1).map((line) => JSON.parse(line) as [number, string, string]);
    expect(events.every(([time, kind]) => kind === 'o' && time >= 0)).toBe(true);
    expect(events.map(([time]) => time)).toEqual([...events.map(([time]) => time)].sort((a, b) => a - b));
    const text = events.map(([, , data]) => data).join('');
    expect(text).not.toContain(KEY);
    expect(text).toContain('\x1b[32mbuilt ok');
    expect(text).toMatch(/id \[REDACTED:[^\]]+\] end/);
    expect(events.length).toBeGreaterThanOrEqual(3);
  });

  it('exports JSON with every command and its redacted output', () => {
    const exported = JSON.parse(exportSessionJson(db, redactor, fixture.sessionId)) as {
      commands: Array<{ command_line: string; output: string }>;
    };
    expect(exported.commands.map((c) => c.command_line)).toEqual(['make build', 'cat creds', 'make test']);
    expect(exported.commands[1]!.output).not.toContain(KEY);
    expect(exported.commands[0]!.output).toBe('built ok\n');
  });
});

describe('history stats', () => {
  it('counts commands and failures and ranks programs', () => {
    const stats = historyStats(db, redactor);
    expect(stats).toMatchObject({ sessions: 1, commands: 3, failed: 1 });
    expect(stats.top_programs[0]).toEqual({ program: 'make', count: 2 });
    expect(formatStats(stats, false)).toContain('commands        3 (1 failed)');
  });
});

describe('opening the database', () => {
  it("refuses a schema other than this build's, saying which way it differs", () => {
    expect(() => checkSchema(9, 'x.db', 8)).toThrow(/newer Contexterm \(schema 9; this build reads schema 8\)/);
    expect(() => checkSchema(7, 'x.db', 8)).toThrow(/older Contexterm/);
    expect(() => checkSchema(0, 'x.db', 8)).toThrow(/not a Contexterm history database/);
    expect(() => checkSchema(8, 'x.db', 8)).not.toThrow();
  });

  it('never writes: the connection is read-only', () => {
    expect(() => db.db.prepare("INSERT INTO settings (key, value) VALUES ('x', '1')").run()).toThrow();
  });

  it('retries a busy read and gives up with exit code 3', () => {
    const busy = new Database.SqliteError('database is locked', 'SQLITE_BUSY');
    let calls = 0;
    expect(
      retryBusy(
        () =>
          ++calls < 3
            ? (() => {
                throw busy;
              })()
            : 'read',
        5,
        1,
      ),
    ).toBe('read');
    expect(calls).toBe(3);
    expect(() =>
      retryBusy(
        () => {
          throw busy;
        },
        2,
        1,
      ),
    ).toThrow(expect.objectContaining({ code: 'unavailable' }));
  });

  it("applies the user's saved redaction patterns", () => {
    fixture.db.prepare("INSERT INTO settings (key, value) VALUES ('settings', ?)").run(
      JSON.stringify({
        version: 1,
        sections: { redaction: { enabled: true, userPatterns: [{ kind: 'build-word', pattern: 'built' }] } },
      }),
    );
    const custom = db.redactor();
    expect(showCommand(db, custom, ids[0]!, { coloured: false, json: false })).not.toContain('built');
  });

  it('names the file when there is no database', () => {
    expect(() => HistoryDb.open(join(fixture.dir, 'missing'))).toThrow(/no history database at .*missing/);
  });
});

describe('history show on a terminal', () => {
  it('gives the terminal colours only, and no secret that a dropped cursor move would join', () => {
    const id = fixture.add({
      line: 'hostile',
      chunks: [`\x1b]52;c;eA==\x07\x1b[31mred\x1b[0m ${KEY.slice(0, 6)}\x1b[3D${KEY.slice(6)}\r\n`],
    });
    const shown = showCommand(db, redactor, id, { coloured: true, json: false });
    expect(shown).not.toContain(']52;');
    expect(shown.replace(/\x1b\[[0-9;]*m/g, '')).not.toContain(KEY);
  });
});
