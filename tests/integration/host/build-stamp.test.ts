// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtAt, changedSince, writeStamp } from '../../../scripts/build-stamp.mjs';

/**
 * `npm run build` did not write the stamp `npm run web` checks, so the first launch after it built
 * everything again. Both now share scripts/build-stamp.mjs.
 */
const root = new URL('../../..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'ct-stamp-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('is written by `npm run build`, so the launchers see nothing to rebuild', () => {
    const before = Date.now();
    const result = spawnSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: root, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const stamp = builtAt(root);
    // The stamp is the build's start: after this test started, before it ended.
    expect(stamp).toBeGreaterThanOrEqual(before - 1);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    // What ensureBuild would rebuild for: only files someone saved while the build ran (others edit this tree too).
    const changedDuringBuild = new Set(changedSince(root, before));
    expect(changedSince(root, stamp).filter((source) => !changedDuringBuild.has(source))).toEqual([]);
  });

  it('counts a source saved after the build started as changed', () => {
    const tree = join(scratch, 'tree');
    mkdirSync(join(tree, 'dist'), { recursive: true });
    mkdirSync(join(tree, 'renderer'));
    writeFileSync(join(tree, 'renderer', 'a.ts'), '');
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(join(tree, 'renderer', 'a.ts'), old, old);
    utimesSync(join(tree, 'renderer'), old, old);
    const started = Date.now() - 10_000;
    writeStamp(tree, started);
    // File times are seconds with a fraction: a millisecond may come back a thousandth short.
    expect(Math.abs(builtAt(tree) - started)).toBeLessThan(1);
    expect(changedSince(tree, builtAt(tree))).toEqual([]);
    const during = (started + 1_000) / 1000;
    utimesSync(join(tree, 'renderer', 'a.ts'), during, during);
    expect(changedSince(tree, builtAt(tree))).toEqual(['renderer']);
  });
});
