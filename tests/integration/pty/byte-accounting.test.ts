// SPDX-License-Identifier: MIT
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../electron/store/store';
import { pipelineRun } from '../../bench/pipeline-bench';

const MB = 1024 * 1024;

describe('byte accounting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ct-bytes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores exactly the bytes 8 parallel tabs produce (20 MB each)', async () => {
    const { store } = await openStore({ dataDir: dir });
    try {
      const files = Array.from({ length: 8 }, (_, tab) => {
        const file = join(dir, `tab-${tab}`);
        const fd = openSync(file, 'w');
        // Distinct content per tab (no newlines, so the tty adds nothing), to catch crossed streams.
        const block = Buffer.alloc(MB, String.fromCharCode(97 + tab));
        for (let i = 0; i < 20; i++) writeSync(fd, block);
        closeSync(fd);
        return file;
      });
      const runs = await Promise.all(files.map((file) => pipelineRun(store, file, 20 * MB)));
      expect(runs.map((run) => run.storedBytes)).toEqual(runs.map(() => 20 * MB));
      for (const [tab, run] of runs.entries()) {
        const stored = await store.readOutput(run.sessionId, 0, null);
        expect(stored.equals(Buffer.alloc(20 * MB, String.fromCharCode(97 + tab)))).toBe(true);
      }
    } finally {
      await store.close();
    }
  }, 180_000);
});
