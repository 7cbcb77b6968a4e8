// SPDX-License-Identifier: MIT
import { commandId } from '../../../shared/domain/command';
import { migrations } from '../migrations/index';
import { openWriter } from '../database/open-database';
import { randomCommand, seededRandom } from './workload';

export interface GeneratedHistory {
  readonly sessionIds: readonly string[];
  readonly seconds: number;
  /** A distinctive token of one generated command line, for a needle-in-a-haystack search. */
  readonly needle: string;
}

const START = Date.UTC(2025, 0, 1);

/**
 * Fills a store file with `commands` commands over `sessions` sessions, as fast as one connection
 * can, in the real schema. The FTS insert triggers are set aside during the bulk insert and the indexes
 * built in one 'rebuild' pass (several times faster than row by row), then the triggers are restored
 * exactly as the migration wrote it.
 * Each session runs its commands back to back, 30 s apart, like a shell used over an afternoon.
 * Output is inserted already indexed: the steady state the idle-time indexer converges to.
 */
export const generateHistory = (path: string, options: { commands: number; sessions: number; seed?: number }): GeneratedHistory => {
  const started = performance.now();
  const random = seededRandom(options.seed ?? 1);
  const { db } = openWriter({ path, migrations, integrityCheck: 'never' });
  // A fixture: if the machine dies mid-build it is simply rebuilt.
  db.pragma('synchronous = OFF');
  const insertTriggers = db
    .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name IN ('commands_fts_insert', 'commands_line_fts_insert')")
    .all() as { name: string; sql: string }[];
  for (const { name } of insertTriggers) db.exec(`DROP TRIGGER ${name}`);
  const perSession = Math.ceil(options.commands / options.sessions);
  const sessionIds = Array.from({ length: options.sessions }, (_, i) => `s${i.toString(36).padStart(4, '0')}`);
  const needle = `needle${Math.floor(random() * 1e9).toString(36)}`;
  const insertSession = db.prepare(
    `INSERT INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode)
     VALUES (?, ?, ?, 'bash', 'devbox', '/home/dev', 'bash', 'integrated')`,
  );
  const insertCommand = db.prepare(
    `INSERT INTO commands (id, session_id, seq, command_line, cwd, hostname, shell, started_at, ended_at, exit_code,
       output_start, output_end, output_summary, clean_output, output_indexed, source)
     VALUES (?, ?, ?, ?, '/home/dev', 'devbox', 'bash', ?, ?, ?, ?, ?, ?, ?, 1, 'integrated')`,
  );
  const batch = db.transaction((from: number, to: number) => {
    for (let k = from; k < to; k++) {
      const session = Math.floor(k / perSession);
      const seq = k % perSession;
      const id = sessionIds[session]!;
      const at = START + session * 60_000 + seq * 30_000;
      if (seq === 0) insertSession.run(id, at, at + perSession * 30_000);
      const { line, output } = randomCommand(random);
      const commandLine = k === Math.floor(options.commands / 2) ? `${line} ${needle}` : line;
      const outputStart = seq * 4096;
      insertCommand.run(
        commandId(id, seq),
        id,
        seq,
        commandLine,
        at,
        at + 1000,
        random() < 0.9 ? 0 : 1,
        outputStart,
        outputStart + output.length,
        output.slice(0, 200),
        output,
      );
    }
  });
  for (let from = 0; from < options.commands; from += 20_000) batch(from, Math.min(options.commands, from + 20_000));
  db.exec("INSERT INTO commands_fts (commands_fts) VALUES ('rebuild')");
  db.exec("INSERT INTO commands_line_fts (commands_line_fts) VALUES ('rebuild')");
  for (const { sql } of insertTriggers) db.exec(sql);
  db.pragma('optimize');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { sessionIds, needle, seconds: (performance.now() - started) / 1000 };
};
