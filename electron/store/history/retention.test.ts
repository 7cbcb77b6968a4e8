// SPDX-License-Identifier: MIT
import { statSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionInput, commandInput } from '../testing/fixtures';
import { useTempStore } from '../testing/temp-store';
import type { Store } from '../store';
import { UNLIMITED_POLICY, type RetentionPolicy } from './policy';

const MB = 1024 * 1024;

const temp = useTempStore();
let store: Store;
beforeEach(() => {
  store = temp.store;
});

const policy = (patch: Partial<RetentionPolicy>): Promise<void> => store.tables.history.setPolicy({ ...UNLIMITED_POLICY, ...patch });

/** Numbered lines, so what survives can be told apart: `<tag> 000123 ……\n`, 100 bytes each. */
const lines = (tag: string, from: number, count: number): Buffer =>
  Buffer.from(Array.from({ length: count }, (_, i) => `${tag} ${String(from + i).padStart(6, '0')} `.padEnd(99, '.') + '\n').join(''));

const LINES_PER_READ = 655;

/** One command of about `bytes` output in reads of 655 lines (65,500 bytes), as a flood arrives; returns its last line number. */
const runCommand = (sessionId: string, seq: number, bytes: number, tag = `${sessionId}-${seq}`): number => {
  const start = store.outputBytes(sessionId)!;
  const reads = Math.ceil(bytes / (LINES_PER_READ * 100));
  store.upsertCommand(commandInput(sessionId, seq, { outputStart: start, commandLine: `cat ${tag}` }));
  for (let read = 0; read < reads; read++) store.appendChunk(sessionId, 1, Date.now(), lines(tag, read * LINES_PER_READ, LINES_PER_READ));
  const end = store.outputBytes(sessionId)!;
  store.upsertCommand(
    commandInput(sessionId, seq, { outputStart: start, outputEnd: end, endedAt: Date.now(), exitCode: 0, commandLine: `cat ${tag}` }),
  );
  return reads * LINES_PER_READ - 1;
};

describe('retention', () => {
  it('keeps the head and the tail of a command over the per-command limit and counts the rest', async () => {
    await policy({ commandRawMaxBytes: 2 * MB });
    store.startSession(sessionInput('s'));
    const last = runCommand('s', 1, 20 * MB, 'flood');
    runCommand('s', 2, 64 * 1024, 'after');
    await store.flush();

    const output = (await store.readOutput('s', 0, null)).toString();
    expect(output.length).toBeGreaterThan(2 * MB - 256 * 1024);
    expect(output.length).toBeLessThan(2 * MB + 256 * 1024);
    expect(output.startsWith('flood 000000 ')).toBe(true);
    // The tail: the flood's last line is kept, and the next command is whole.
    expect(output).toContain(`flood ${String(last).padStart(6, '0')} `);
    expect(output).toContain('after 000000 ');
    const usage = await store.tables.history.usage();
    expect(usage.droppedBytes).toBeGreaterThan(17 * MB);
    expect(usage.droppedBytes + usage.rawBytes).toBe(store.outputBytes('s'));
    expect(usage.commands).toBe(2);
  });

  it('keeps total raw output under the cap, oldest sessions first, and every command record', async () => {
    await policy({ rawMaxBytes: 4 * MB, commandRawMaxBytes: 64 * MB });
    for (let s = 0; s < 8; s++) {
      store.startSession(sessionInput(`s${s}`, { startedAt: 1_700_000_000_000 + s }));
      for (let c = 1; c <= 4; c++) runCommand(`s${s}`, c, 256 * 1024);
      await store.flush();
    }
    const usage = await store.tables.history.freeSpace();
    expect(usage.rawBytes).toBeLessThanOrEqual(4 * MB);
    expect(usage.rawBytes).toBeGreaterThan(3 * MB);
    expect(usage.commands).toBe(32);
    // The newest session is whole, the oldest is gone.
    expect((await store.readOutput('s7', 0, null)).length).toBe(4 * 5 * 65_500);
    expect((await store.readOutput('s0', 0, null)).length).toBe(0);
    expect(await store.recentCommands('s0', 10)).toHaveLength(4);
  });

  it('drops raw output past its age but keeps the records', async () => {
    store.startSession(sessionInput('old', { startedAt: Date.now() - 40 * 86_400_000 }));
    store.appendChunk('old', 1, Date.now() - 40 * 86_400_000, lines('old', 0, 100));
    store.upsertCommand(commandInput('old', 1, { startedAt: Date.now() - 40 * 86_400_000 }));
    store.startSession(sessionInput('new'));
    store.appendChunk('new', 1, Date.now(), lines('new', 0, 100));
    await store.flush();
    await policy({ rawMaxAgeMs: 30 * 86_400_000 });
    await store.tables.history.freeSpace();
    expect((await store.readOutput('old', 0, null)).length).toBe(0);
    expect((await store.readOutput('new', 0, null)).length).toBe(10_000);
    expect(await store.recentCommands('old', 10)).toHaveLength(1);
  });

  it('deletes records past their age and beyond the newest N', async () => {
    store.startSession(sessionInput('s'));
    for (let seq = 1; seq <= 10; seq++) store.upsertCommand(commandInput('s', seq, { startedAt: Date.now() - (11 - seq) * 86_400_000 }));
    await store.flush();
    await policy({ recordsMaxAgeMs: 8.5 * 86_400_000 });
    expect((await store.tables.history.freeSpace()).commands).toBe(8);
    await policy({ recordsMax: 5 });
    expect((await store.tables.history.freeSpace()).commands).toBe(5);
    expect((await store.recentCommands('s', 10)).map((c) => c.seq)).toEqual([6, 7, 8, 9, 10]);
  });

  it('bounds a 500 MB flood to a 100 MB cap, on disk, with every command record intact', { timeout: 120_000 }, async () => {
    await policy({ rawMaxBytes: 100 * MB, commandRawMaxBytes: 64 * MB });
    store.startSession(sessionInput('flood'));
    for (let seq = 1; seq <= 250; seq++) {
      runCommand('flood', seq, 2 * MB);
      // As a pty would: wait for the store when it falls behind (recorder.congested()).
      if (store.backlogBytes > 8 * MB) await store.flush();
    }
    await store.flush();
    // Background pruning has caught up once a flush finds nothing over the cap.
    await expect
      .poll(async () => (await store.tables.history.usage()).rawBytes, { timeout: 60_000, interval: 200 })
      .toBeLessThanOrEqual(100 * MB);
    const usage = await store.tables.history.usage();
    expect(usage.commands).toBe(250);
    // The file: the cap, the records, and the pages' own overhead (~7 % for 64 KB rows) and at most the free-page slack (5 % of the cap).
    const file = statSync(store.path).size;
    console.log(
      `500 MB flood, 100 MB cap: file ${(file / MB).toFixed(1)} MB, raw ${(usage.rawBytes / MB).toFixed(1)} MB, free inside ${(usage.freeBytes / MB).toFixed(1)} MB`,
    );
    expect(file).toBeLessThan(100 * MB * 1.15);
  });
});
