// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../migrations/index';
import { openWriter } from './open-database';
import { StoreQueries } from '../queries/queries';
import { makeTempDir, type TempDir } from '../testing/fixtures';

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => dir.remove());

const COMMAND = `INSERT INTO commands (id, session_id, seq, command_line, cwd, hostname, shell, started_at, ended_at,
  exit_code, output_start, output_end, source, output_summary) VALUES (?, ?, ?, ?, '/', 'h', 'bash', ?, ?, ?, ?, ?, 'integrated', '')`;

/**
 * What a kill -9 leaves behind: the writer committed a session, its chunks and the start of a
 * command, and never the command's end (the connection is simply dropped, as a dead process's is).
 */
const crashMidCommand = (path: string): void => {
  const { db } = openWriter({ path, migrations });
  db.prepare(
    "INSERT INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES ('s', 100, NULL, 'bash', 'h', '/', 't', 'integrated')",
  ).run();
  const chunk = db.prepare("INSERT INTO chunks (session_id, seq, ts, direction, output_offset, data) VALUES ('s', ?, ?, ?, ?, ?)");
  chunk.run(0, 110, 1, 0, Buffer.from('$ make\r\n'));
  chunk.run(1, 120, 0, 8, Buffer.from('make\r'));
  chunk.run(2, 130, 1, 8, Buffer.from('compiling a\r\n'));
  chunk.run(3, 190, 1, 21, Buffer.from('compiling b\r\n'));
  const command = db.prepare(COMMAND);
  command.run('s:1', 's', 1, 'true', 105, 108, 0, 0, 8);
  command.run('s:2', 's', 2, 'make', 125, null, null, 8, null);
  // A session whose last byte came before its open command was recorded as started.
  db.prepare(
    "INSERT INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES ('quiet', 100, NULL, 'bash', 'h', '/', 't', 'integrated')",
  ).run();
  db.prepare("INSERT INTO chunks (session_id, seq, ts, direction, output_offset, data) VALUES ('quiet', 0, 140, 1, 0, x'2420')").run();
  command.run('quiet:1', 'quiet', 1, 'sleep 300', 150, null, null, 2, null);
  db.close();
};

describe('commands left running by a crash', () => {
  it('are ended at their session’s last recorded byte, never before they started, and marked interrupted', () => {
    const path = join(dir.path, 'contexterm.db');
    crashMidCommand(path);

    const reopened = openWriter({ path, migrations });
    reopened.db.close();
    const queries = new StoreQueries(new Database(path, { readonly: true }));
    try {
      const [done, make, sleep] = queries.commandsByIds(['s:1', 's:2', 'quiet:1']);
      expect(done).toMatchObject({ endedAt: 108, exitCode: 0, outputEnd: 8, interrupted: false });
      expect(make).toMatchObject({ endedAt: 190, exitCode: null, outputStart: 8, outputEnd: 34, interrupted: true });
      expect(make!.outputSummary).toContain('compiling b');
      expect(sleep).toMatchObject({ endedAt: 150, exitCode: null, outputEnd: 2, interrupted: true });
      expect(queries.readCleanOutput('s:2')).toContain('compiling a');
    } finally {
      queries.db.close();
    }
  });

  it('leaves commands alone on a clean reopen', () => {
    const path = join(dir.path, 'contexterm.db');
    crashMidCommand(path);
    openWriter({ path, migrations }).db.close();
    const again = openWriter({ path, migrations });
    const rows = again.db.prepare('SELECT id, ended_at, interrupted FROM commands ORDER BY id').raw().all();
    expect(rows).toEqual([
      ['quiet:1', 150, 1],
      ['s:1', 108, 0],
      ['s:2', 190, 1],
    ]);
    again.db.close();
  });
});
