// SPDX-License-Identifier: MIT
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../electron/store/store';
import type { DurabilityReport } from '../../../electron/store/testing/durability-writer';
import {
  durabilityChunk,
  DURABILITY_STREAMS,
  durabilitySessionId,
  makeTempDir,
  type TempDir,
} from '../../../electron/store/testing/fixtures';
import { bundleToCache, resolveStoreWorkerUrl } from '../../../electron/store/client/worker-url';

/** How long the child streams before the kill, measured on its own reports. */
const STREAM_MS = 2500;
/** The promise under test: whatever was handed to the store this long before a kill -9 survives it. */
const SAFE_AFTER_MS = 1000;

let dir: TempDir | undefined;
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  dir?.remove();
});

/** Streams until the child's own clock says STREAM_MS have passed, then kills it; resolves with every report and the kill time. */
const runAndKill = (process: ChildProcess) =>
  new Promise<{ reports: Extract<DurabilityReport, { type: 'progress' }>[]; killedAt: number }>((resolve, reject) => {
    const reports: Extract<DurabilityReport, { type: 'progress' }>[] = [];
    let startedAt: number | undefined;
    process.on('message', (message: DurabilityReport) => {
      if (message.type === 'started') startedAt = message.ts;
      else reports.push(message);
      if (startedAt !== undefined && message.ts - startedAt >= STREAM_MS && process.signalCode === null) {
        const killedAt = Date.now();
        process.kill('SIGKILL');
        resolve({ reports, killedAt });
      }
    });
    process.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer exited on its own (code ${code}, signal ${signal})`));
    });
  });

/** How many whole chunks `stored` holds, failing on the first byte that is not the stream's. */
const countWholeChunks = (stream: number, stored: Buffer): number => {
  let offset = 0;
  let seq = 0;
  while (offset < stored.length) {
    const chunk = durabilityChunk(stream, seq);
    expect(stored.subarray(offset, offset + chunk.length).equals(chunk), `stream ${stream} chunk ${seq}`).toBe(true);
    offset += chunk.length;
    seq++;
  }
  expect(offset, `stream ${stream} ends on a chunk boundary`).toBe(stored.length);
  return seq;
};

describe('store durability', () => {
  it('keeps everything handed over more than 1 s before a kill -9, with a sound database', async () => {
    dir = makeTempDir();
    const workerUrl = await resolveStoreWorkerUrl();
    const script = await bundleToCache(
      new URL('../../../electron/store/testing/durability-writer.ts', import.meta.url),
      'durability-writer',
    );
    child = fork(fileURLToPath(script), [dir.path, workerUrl.href], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = once(child, 'exit');
    const { reports, killedAt } = await runAndKill(child);
    await exited;

    const safe = reports.filter((report) => report.ts < killedAt - SAFE_AFTER_MS).at(-1);
    expect(safe, 'the child reported progress well before the kill').toBeDefined();
    expect(safe!.counts.every((count) => count > 100)).toBe(true);

    const { store, orphanedSessionsEnded, recoveredCorruptTo } = await openStore({ dataDir: dir.path, workerUrl });
    try {
      expect(recoveredCorruptTo).toBeUndefined();
      expect(orphanedSessionsEnded).toBe(DURABILITY_STREAMS);
      expect(await store.integrityCheck()).toBe('ok');
      const sessions = await store.listSessions();
      expect(sessions).toHaveLength(DURABILITY_STREAMS);
      for (let stream = 0; stream < DURABILITY_STREAMS; stream++) {
        const id = durabilitySessionId(stream);
        const session = sessions.find((s) => s.id === id)!;
        expect(session.endedAt, `${id} ended`).not.toBeNull();
        expect(session.endedAt!).toBeLessThanOrEqual(killedAt);
        expect(session.endedAt!).toBeGreaterThanOrEqual(safe!.ts);

        const stored = countWholeChunks(stream, await store.readOutput(id, 0, null));
        expect(stored, `${id}: chunks stored vs handed over ≥ 1 s before the kill`).toBeGreaterThanOrEqual(safe!.counts[stream]!);
        const commands = await store.recentCommands(id, 1_000_000);
        expect(commands.length).toBeGreaterThanOrEqual(Math.ceil(safe!.counts[stream]! / 16));
        expect(commands.every((command, i) => command.seq === i * 16)).toBe(true);
      }
    } finally {
      await store.close();
    }
  });
});
