// SPDX-License-Identifier: MIT
import { mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as nodePty from 'node-pty';
import { createNodePtyHost } from '../../electron/pty/node-pty-host';
import { MirrorHost } from '../../electron/pty/mirror-host';
import type { MirrorFactory } from '../../electron/pty/mirror-protocol';
import { PtyManager, type PtySink } from '../../electron/pty/pty-manager';
import { SessionRecorder } from '../../electron/recorder/session-recorder';
import { newNonce } from '../../electron/segmenter/protocol/mark-codec';
import { Segmenter } from '../../electron/segmenter/segmenter';
import { openStore, type Store } from '../../electron/store/store';
import { interleaved, round } from './stats';

/** `ls -lR`-like text: what terminal floods look like, ~70 bytes per line. */
export const writeTextFile = (path: string, bytes: number): void => {
  const fd = openSync(path, 'w');
  const block: string[] = [];
  for (let i = 0; i < 2000; i++) {
    block.push(
      `-rw-r--r-- 1 user group ${String(1000 + ((i * 7919) % 90000)).padStart(6)} Nov 22 03:${String(i % 60).padStart(2, '0')} file-${i}.txt\n`,
    );
  }
  const chunk = Buffer.from(block.join(''));
  for (let written = 0; written < bytes; written += chunk.length) {
    writeSync(fd, written + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - written));
  }
  closeSync(fd);
};

/** Raw node-pty: spawn `cat file`, count bytes until exit. MB/s. */
export const rawPty = (file: string, size: number): Promise<number> =>
  new Promise((resolve) => {
    const started = performance.now();
    let bytes = 0;
    const pty = nodePty.spawn('/bin/cat', [file], { cols: 120, rows: 40, encoding: null } as nodePty.IPtyForkOptions);
    pty.onData((data) => (bytes += (data as unknown as Buffer).length));
    pty.onExit(() => resolve(size / 1e6 / ((performance.now() - started) / 1000)));
  });

/** A renderer stand-in: acknowledges each batch on the next turn, as xterm's write callback would. */
const ackingSink = (manager: PtyManager): PtySink => {
  const sink: PtySink = {
    shows: () => true,
    data: (id, data) => setImmediate(() => manager.ack(id, data.length, sink)),
    mark: () => undefined,
    exit: () => undefined,
    detached: () => undefined,
  };
  return sink;
};

export interface PipelineRun {
  readonly sessionId: string;
  readonly mbPerSecond: number;
  readonly storedBytes: number;
  readonly producedBytes: number;
}

/** pty → segmenter → store worker and screen-mirror worker, with an acking consumer attached. */
export const pipelineRun = async (store: Store, file: string, size: number, mirrors?: MirrorFactory): Promise<PipelineRun> => {
  const manager = new PtyManager(
    createNodePtyHost(),
    (pty) => {
      store.startSession({ id: pty.id, startedAt: Date.now(), shell: 'cat', hostname: 'bench', cwd: '/', title: 'cat', mode: 'unknown' });
      return new SessionRecorder({
        sessionId: pty.id,
        shell: 'cat',
        hostname: 'bench',
        cwd: '/',
        store,
        segmenter: new Segmenter({ nonce: newNonce() }),
        events: { command: () => undefined, session: () => undefined },
      });
    },
    mirrors,
  );
  const started = performance.now();
  const pty = manager.spawn({ cols: 120, rows: 40, shell: '/bin/cat', args: [file] });
  manager.attach(pty.id, ackingSink(manager));
  await new Promise<void>((resolve) => manager.observe({ exited: () => resolve() }));
  const elapsed = (performance.now() - started) / 1000;
  await store.flush();
  const stored = (await store.readOutput(pty.id, 0, null)).length;
  return { sessionId: pty.id, mbPerSecond: size / 1e6 / elapsed, storedBytes: stored, producedBytes: size };
};

export const benchPipeline = async (sizeMb = 200, rounds = 3) => {
  const dir = mkdtempSync(join(tmpdir(), 'ct-bench-pipe-'));
  const file = join(dir, 'flood.txt');
  const size = sizeMb * 1e6;
  writeTextFile(file, size);
  const { store } = await openStore({ dataDir: dir });
  const mirrors = await MirrorHost.start();
  try {
    const result = await interleaved(
      rounds,
      async () => (await pipelineRun(store, file, size, mirrors.factory)).mbPerSecond,
      () => rawPty(file, size),
    );
    return {
      pipeline_vs_raw_pty: round(result.ratio),
      pipeline_vs_raw_pty_min: round(Math.min(...result.ratios)),
      pipeline_vs_raw_pty_max: round(Math.max(...result.ratios)),
      pipeline_mb_s: round(result.subject, 1),
      raw_pty_mb_s: round(result.baseline, 1),
    };
  } finally {
    await mirrors.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Fast-exiting children of 64 KB–10 MB with no newlines (so ONLCR cannot change the count). */
export const benchLostBytes = async (sizes = [64 * 1024, 512 * 1024, 2 * 1024 * 1024, 10 * 1024 * 1024], repeats = 3) => {
  const dir = mkdtempSync(join(tmpdir(), 'ct-bench-exit-'));
  const { store } = await openStore({ dataDir: dir });
  let lost = 0;
  try {
    for (const size of sizes) {
      const file = join(dir, `payload-${size}`);
      const fd = openSync(file, 'w');
      writeSync(fd, Buffer.alloc(size, 'x'));
      closeSync(fd);
      for (let i = 0; i < repeats; i++) {
        const run = await pipelineRun(store, file, size);
        lost += Math.max(0, run.producedBytes - run.storedBytes);
      }
    }
    return { lost_bytes_at_exit: lost };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};
