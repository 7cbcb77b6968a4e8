// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heapGrowth, readSnapshot } from '../soak/heap-snapshot';

// A small process of its own takes the two snapshots: the test runner's heap would be large and vary.
const KEEPER = `
const { writeHeapSnapshot } = require('node:v8');
class KeptByTest { constructor() { this.lines = []; } }
const keeper = new KeptByTest();
writeHeapSnapshot(process.argv[1]);
for (let i = 0; i < 3000; i++) keeper.lines.push({ text: 'line ' + i });
writeHeapSnapshot(process.argv[2]);
`;

describe('heapGrowth', () => {
  const dir = mkdtempSync(join(tmpdir(), 'heap-snapshot-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names what grew between two snapshots of one process and the path that holds it', () => {
    const [before, after] = [join(dir, 'before.heapsnapshot'), join(dir, 'after.heapsnapshot')];
    execFileSync(process.execPath, ['-e', KEEPER, before, after]);

    const growth = heapGrowth(readSnapshot(before), readSnapshot(after), 50);
    const objects = growth.find((g) => g.group === 'object:Object')!;
    // Other objects come and go while a snapshot is written; the 3,000 kept ones dominate.
    expect(objects.countAfter - objects.countBefore).toBeGreaterThanOrEqual(3000);
    // V8 tracks ids by address between snapshots: a new object placed where a dead one was can
    // inherit its id, so "new" may miss a few.
    expect(objects.fresh).toBeGreaterThanOrEqual(2900);
    expect(objects.path).toMatch(/^Object <-\[\[n\]\]- Array <-\[lines\]- KeptByTest <-\[keeper\]- /);
    expect(objects.pathShare).toBeGreaterThanOrEqual(2900);
    // Groups that did not grow are not listed ahead of those that did.
    expect(growth[0]!.kbAfter - growth[0]!.kbBefore).toBeGreaterThanOrEqual(objects.kbAfter - objects.kbBefore);
  }, 60_000);
});
