// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { heapGrowth, readSnapshot } from '../soak/heap-snapshot';

class KeptByTest {
  readonly lines: Array<{ text: string }> = [];
}

describe('heapGrowth', () => {
  const dir = mkdtempSync(join(tmpdir(), 'heap-snapshot-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names what grew between two snapshots of one process and the path that holds it', () => {
    const keeper = new KeptByTest();
    (globalThis as Record<string, unknown>).keptByTest = keeper;
    const before = writeHeapSnapshot(join(dir, 'before.heapsnapshot'));
    for (let i = 0; i < 3000; i++) keeper.lines.push({ text: `line ${i}` });
    const after = writeHeapSnapshot(join(dir, 'after.heapsnapshot'));
    delete (globalThis as Record<string, unknown>).keptByTest;

    const growth = heapGrowth(readSnapshot(before), readSnapshot(after), 50);
    const objects = growth.find((g) => g.group === 'object:Object')!;
    // Other objects come and go while a snapshot is written; the 3,000 kept ones dominate.
    expect(objects.countAfter - objects.countBefore).toBeGreaterThanOrEqual(3000);
    expect(objects.fresh).toBeGreaterThanOrEqual(3000);
    expect(objects.path).toMatch(/^Object <-\[\[n\]\]- Array <-\[lines\]- KeptByTest /);
    expect(objects.pathShare).toBeGreaterThanOrEqual(3000);
    // Groups that did not grow are not listed ahead of those that did.
    expect(growth[0]!.kbAfter - growth[0]!.kbBefore).toBeGreaterThanOrEqual(objects.kbAfter - objects.kbBefore);
  });
});
