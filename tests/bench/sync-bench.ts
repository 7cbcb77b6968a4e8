// SPDX-License-Identifier: MIT
/**
 * Issue 42's sync figures, against s3rver on 127.0.0.1 (the server the integration tests use):
 * - `sync_bootstrap_100k_s`: a new device pulling a bucket of commands with output, key check to
 *   last insert. `--quick` pulls 5,000 and scales the time to 100,000 (pulling is linear in
 *   segments); `sync_bootstrap_records` says how many were pulled;
 * - `sync_incremental_p95_ms`: a command recorded on one device until the other finds it by full-
 *   text search, each device's sync triggered at once (what `sync now` does);
 * - `sync_bytes_vs_store`: bytes of every object in the bucket / bytes of the same records'
 *   SQLite file (tables and search indexes, after a checkpoint);
 * - `pipeline_vs_raw_pty_while_syncing`: the pipeline bench while another process keeps pulling
 *   the bucket (as the app's sync worker would run beside the output path).
 */
import { statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { openWriter } from '../../electron/store/database/open-database';
import { Forgetter } from '../../electron/store/history/forget';
import { migrations } from '../../electron/store/migrations';
import { generateHistory } from '../../electron/store/testing/generate-history';
import type { SyncBackend } from '../../electron/sync/backend';
import type { SyncConfig } from '../../electron/sync/sync-config';
import { checkGroup, createGroup, openBackend, syncOnce } from '../../electron/sync/sync-engine';
import { newKey } from '../../electron/sync/sync-keys';
import { benchPipeline } from './pipeline-bench';
import { percentile, round } from './stats';
import { bucketBytes, keepPulling } from './sync-bench-load';

const BUCKET = 'history';
const S3_ENV = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

type Db = ReturnType<typeof openWriter>['db'];

interface BenchDevice {
  readonly dir: string;
  readonly db: Db;
  readonly config: SyncConfig;
  sync(): Promise<{ pushed: number; pulled: number }>;
}

const device = (root: string, name: string, endpoint: string, key: Uint8Array, backend: SyncBackend, seed?: number): BenchDevice => {
  const dir = join(root, name);
  const path = join(dir, 'contexterm.db');
  if (seed !== undefined) generateHistory(path, { commands: seed, sessions: Math.max(1, Math.round(seed / 100)) });
  const { db } = openWriter({ path, migrations, integrityCheck: 'never' });
  const config: SyncConfig = {
    v: 1,
    backend: { kind: 's3', endpoint, bucket: BUCKET, region: 'us-east-1' },
    prefix: '',
    deviceId: crypto.randomUUID(),
    deviceName: name,
    content: 'output',
  };
  const forgetter = new Forgetter(db);
  const forget = (ids: readonly string[]): number =>
    ids.length === 0 ? 0 : forgetter.forget({ commandIds: [...ids] }, Date.now()).commands;
  return { dir, db, config, sync: () => syncOnce({ db, backend, config, key, forget }) };
};

const recordOne = (db: Db, token: string, seq: number): void => {
  const at = Date.now();
  db.prepare(
    `INSERT OR IGNORE INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES ('bench-inc', ?, ?, 'bash', 'h', '/', 'bash', 'integrated')`,
  ).run(at, at);
  db.prepare(
    `INSERT INTO commands (id, session_id, seq, command_line, cwd, hostname, shell, started_at, ended_at, exit_code, output_start, output_end,
       source, output_indexed, output_summary, clean_output) VALUES (?, 'bench-inc', ?, ?, '/', 'h', 'bash', ?, ?, 0, 0, 0, 'integrated', 1, '', ?)`,
  ).run(`bench-inc:${seq}`, seq, `grep -r ${token} src`, at, at + 5, `src/main.ts:12: ${token} found`);
};

const searchable = (db: Db, token: string): boolean =>
  db.prepare('SELECT 1 FROM commands_fts WHERE commands_fts MATCH ?').get(`"${token}"`) !== undefined;

export const benchSync = async (options: { quick: boolean }): Promise<Record<string, number>> => {
  const records = options.quick ? 5_000 : 100_000;
  const root = mkdtempSync(join(tmpdir(), 'ct-bench-sync-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(root, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, S3_ENV);
  const key = newKey();
  const backend = await openBackend({ kind: 's3', endpoint, bucket: BUCKET, region: 'us-east-1' });
  const devices: BenchDevice[] = [];
  try {
    const source = device(root, 'source', endpoint, key, backend, records);
    devices.push(source);
    await createGroup(backend, source.config, key);
    await source.sync();
    source.db.pragma('wal_checkpoint(TRUNCATE)');
    const storeBytes = statSync(join(source.dir, 'contexterm.db')).size;
    const inBucket = bucketBytes(join(root, 's3'));

    const fresh = device(root, 'fresh', endpoint, key, backend);
    devices.push(fresh);
    const started = performance.now();
    await checkGroup(backend, fresh.config, key);
    const pulled = (await fresh.sync()).pulled;
    const bootstrap = (performance.now() - started) / 1000;
    if (pulled !== records) throw new Error(`the new device pulled ${pulled} of ${records} records`);

    const latencies: number[] = [];
    for (let i = 0; i < (options.quick ? 8 : 40); i++) {
      const token = `incr${i}z${Date.now().toString(36)}`;
      const at = performance.now();
      recordOne(source.db, token, i + 1);
      await source.sync();
      await fresh.sync();
      if (!searchable(fresh.db, token)) throw new Error(`${token} was not searchable on the other device after its sync`);
      latencies.push(performance.now() - at);
    }

    const load = keepPulling({ endpoint, bucket: BUCKET, key, root: join(root, 'load'), env: S3_ENV });
    let pipeline: Record<string, number>;
    try {
      pipeline = await benchPipeline(options.quick ? 30 : 200, options.quick ? 2 : 3);
    } finally {
      await load.stop();
    }
    return {
      sync_bootstrap_100k_s: round((bootstrap * 100_000) / records, 1),
      sync_bootstrap_records: records,
      sync_incremental_p95_ms: round(percentile(latencies, 95), 0),
      sync_bytes_vs_store: round(inBucket / storeBytes),
      sync_bucket_mb: round(inBucket / 1e6, 1),
      sync_store_mb: round(storeBytes / 1e6, 1),
      pipeline_vs_raw_pty_while_syncing: pipeline.pipeline_vs_raw_pty!,
      sync_pulls_during_pipeline: load.runs(),
    };
  } finally {
    for (const d of devices) d.db.close();
    backend.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
};
