// SPDX-License-Identifier: MIT
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { openWriter } from '../../../electron/store/database/open-database';
import { Forgetter } from '../../../electron/store/history/forget';
import { migrations } from '../../../electron/store/migrations';

/** s3rver's one account: any other key is refused as a real S3 refuses it. */
export const S3_ENV = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface LocalS3 {
  readonly endpoint: string;
  readonly bucket: string;
  /** Where s3rver keeps its objects: the tests read every stored byte from here. */
  readonly directory: string;
  close(): Promise<void>;
}

/** A real S3 API (s3rver) on 127.0.0.1 with one bucket, on a free port. */
export const startS3 = async (): Promise<LocalS3> => {
  const directory = mkdtempSync(join(tmpdir(), 'contexterm-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'history' }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'history',
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node bin/contexterm ARGS` with the given environment on top of a clean one (no AWS variables of the machine). */
export const runCli = (args: readonly string[], env: Record<string, string> = S3_ENV): Promise<CliRun> =>
  new Promise((resolve) => {
    const base = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      AWS_CONFIG_FILE: '/nonexistent',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
    };
    execFile(process.execPath, ['bin/contexterm', ...args], { encoding: 'utf8', env: { ...base, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

export interface Device {
  readonly dataDir: string;
  /** Records one finished command as the recorder would (a session row and its command row). */
  record(command: { id: string; line: string; output: string; cwd: string; hostname: string; exitCode?: number }): void;
  /** Records `count` commands `<session>:1…count` in one transaction (a big history, fast). */
  recordMany(session: string, count: number, output: (seq: number) => string): void;
  /** How many commands this device holds that came from other devices. */
  pulledCount(): number;
  has(id: string): boolean;
  /** Forgets commands as the app's Settings → History forget does (the store's Forgetter). */
  forget(ids: readonly string[]): void;
  remove(): void;
}

export const makeDevice = (): Device => {
  const dataDir = mkdtempSync(join(tmpdir(), 'contexterm-sync-device-'));
  const path = join(dataDir, 'contexterm.db');
  openWriter({ path, migrations }).db.close();
  const withDb = <T>(run: (db: ReturnType<typeof openWriter>['db']) => T): T => {
    const { db } = openWriter({ path, migrations });
    try {
      return run(db);
    } finally {
      db.close();
    }
  };
  return {
    dataDir,
    record: ({ id, line, output, cwd, hostname, exitCode = 0 }) =>
      withDb((db) => {
        const [sessionId, seq] = id.split(':') as [string, string];
        const at = Date.now();
        db.prepare(
          `INSERT OR IGNORE INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES (?, ?, ?, 'bash', ?, ?, 'bash', 'integrated')`,
        ).run(sessionId, at, at + 1000, hostname, cwd);
        db.prepare(
          `INSERT INTO commands (id, session_id, seq, command_line, cwd, hostname, shell, started_at, ended_at, exit_code, output_start, output_end,
             source, output_indexed, output_summary, clean_output) VALUES (?, ?, ?, ?, ?, ?, 'bash', ?, ?, ?, 0, 0, 'integrated', 1, ?, ?)`,
        ).run(id, sessionId, Number(seq), line, cwd, hostname, at, at + 500, exitCode, output, output);
      }),
    recordMany: (session, count, output) =>
      withDb((db) => {
        const at = Date.now();
        db.prepare(
          `INSERT OR IGNORE INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES (?, ?, ?, 'bash', 'h', '/srv', 'bash', 'integrated')`,
        ).run(session, at, at + 1000);
        const insert = db.prepare(
          `INSERT INTO commands (id, session_id, seq, command_line, cwd, hostname, shell, started_at, ended_at, exit_code, output_start, output_end,
             source, output_indexed, output_summary, clean_output) VALUES (?, ?, ?, ?, '/srv', 'h', 'bash', ?, ?, 0, 0, 0, 'integrated', 1, '', ?)`,
        );
        db.transaction(() => {
          for (let seq = 1; seq <= count; seq++)
            insert.run(`${session}:${seq}`, session, seq, `make target-${seq}`, at + seq, at + seq + 1, output(seq));
        })();
      }),
    pulledCount: () => withDb((db) => db.prepare('SELECT count(*) FROM command_devices').pluck().get() as number),
    has: (id) => withDb((db) => db.prepare('SELECT 1 FROM commands WHERE id = ?').get(id) !== undefined),
    forget: (ids) =>
      withDb((db) => {
        new Forgetter(db).forget({ commandIds: [...ids] }, Date.now());
        db.pragma('wal_checkpoint(TRUNCATE)');
      }),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

/** Every file s3rver stores (objects and its metadata), for a plain-text scan. */
export const storedFiles = (directory: string): Array<{ path: string; bytes: Buffer }> => {
  const out: Array<{ path: string; bytes: Buffer }> = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push({ path, bytes: readFileSync(path) });
    }
  };
  walk(directory);
  return out;
};

/** The stored objects (s3rver keeps each as `<key>._S3rver_object`). */
export const storedObjects = (directory: string): Array<{ path: string; bytes: Buffer }> =>
  storedFiles(directory).filter((file) => file.path.endsWith('._S3rver_object'));

/** Canaries found in plain text anywhere in the bucket, as "canary in file". */
export const plainTextFound = (directory: string, canaries: readonly string[]): string[] =>
  storedFiles(directory).flatMap((file) =>
    canaries.filter((canary) => file.bytes.includes(canary)).map((canary) => `${canary} in ${file.path}`),
  );
