// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandRecord } from '../../../shared/testing/command-record';
import { configureWriter, type WritableDb } from '../database/database';
import type { CommandUpsert } from '../client/inputs';
import { migrate } from '../database/migrate';
import { migrations } from '../migrations/index';
import type { SessionRowInput } from '../worker/protocol';

/** Test data builders, databases and temp directories; shared by the store's unit and integration tests. */

export interface TempDir {
  readonly path: string;
  remove(): void;
}

export const makeTempDir = (prefix = 'contexterm-store-'): TempDir => {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
};

export const sessionInput = (id: string, overrides: Partial<SessionRowInput> = {}): SessionRowInput => ({
  id,
  startedAt: 1_700_000_000_000,
  shell: 'bash',
  hostname: 'devbox',
  cwd: '/home/dev/project',
  title: 'bash',
  mode: 'integrated',
  ...overrides,
});

/** A running command as the recorder hands it to the store: shared/testing's record with typical values. */
export const commandInput = (sessionId: string, seq: number, overrides: Partial<CommandUpsert> = {}): CommandUpsert =>
  commandRecord({
    sessionId,
    seq,
    commandLine: `echo ${seq}`,
    cwd: '/home/dev/project',
    hostname: 'devbox',
    shell: 'bash',
    startedAt: 1_700_000_000_000 + seq * 1000,
    ...overrides,
  });

/** Deterministic pseudo-random bytes (xorshift), so a failing byte comparison reproduces. */
export const pseudoRandomBytes = (length: number, seed: number): Buffer => {
  const out = Buffer.allocUnsafe(length);
  let x = seed | 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
};

/** A fully migrated in-memory database, for tests that exercise SQL without worker threads. */
export const createMigratedDb = (): WritableDb => {
  const db = configureWriter(new Database(':memory:'));
  migrate(db, migrations);
  return db;
};

/** The durability test's streams, shared by the child that writes them and the test that checks them. */
export const DURABILITY_STREAMS = 4;

export const durabilitySessionId = (stream: number): string => `flood-${stream}`;

/** Chunk `seq` of a stream: 256 B–4 KB of incompressible bytes, reproducible from (stream, seq) alone. */
export const durabilityChunk = (stream: number, seq: number): Buffer =>
  pseudoRandomBytes(256 + ((seq * 7919 + stream * 104_729) % 3841), stream * 1_000_003 + seq + 1);
