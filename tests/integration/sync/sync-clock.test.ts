// SPDX-License-Identifier: MIT
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDevice, runCli, S3_ENV, startS3, type Device, type LocalS3 } from './sync-support';

const HOUR = 3_600_000;
const SKEWED_CLOCK = fileURLToPath(new URL('./skewed-clock.mjs', import.meta.url));

/**
 * Two devices whose clocks disagree by eight hours (one 5 h ahead, one 3 h behind; s3rver refuses
 * a request signed more than 15 minutes off, as S3 does). Nothing in the format orders by wall
 * clock: segments are named at random and read once each, tombstones are ids.
 */
describe('sync with clocks skewed by hours', () => {
  let s3: LocalS3;
  let ahead: Device;
  let behind: Device;
  const clock = (offset: number) => ({
    ...S3_ENV,
    NODE_OPTIONS: `--import ${SKEWED_CLOCK}`,
    CONTEXTERM_TEST_CLOCK_OFFSET_MS: String(offset),
  });
  const now = async (device: Device, offset: number) => {
    const run = await runCli(['sync', 'now', '--json', '--data-dir', device.dataDir], clock(offset));
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as Record<string, unknown>;
  };

  beforeAll(async () => {
    s3 = await startS3();
    ahead = makeDevice();
    behind = makeDevice();
  });

  afterAll(async () => {
    ahead.remove();
    behind.remove();
    await s3.close();
  });

  it('syncs and forgets both ways between a clock 5 h ahead and one 3 h behind', { timeout: 180_000 }, async () => {
    const where = ['--endpoint', s3.endpoint, '--bucket', s3.bucket];
    const init = await runCli(['sync', 'init', ...where, '--data-dir', ahead.dataDir], clock(5 * HOUR));
    expect(init.stderr).toBe('');
    const phrase = /^ {2}((?:[a-z]+ ){23}[a-z]+)$/m.exec(init.stdout)![1]!;
    const join = await runCli(['sync', 'join', '--phrase', phrase, ...where, '--data-dir', behind.dataDir], clock(-3 * HOUR));
    expect([join.code, join.stderr]).toEqual([0, '']);

    ahead.record({ id: 'sess-ahead:1', line: 'echo from-the-future', output: 'a', cwd: '/tmp', hostname: 'h' });
    expect(await now(ahead, 5 * HOUR)).toMatchObject({ pushed: 1 });
    behind.record({ id: 'sess-behind:1', line: 'echo from-the-past', output: 'b', cwd: '/tmp', hostname: 'h' });
    // The device behind writes after the one ahead, with a clock eight hours earlier: it still reads it.
    expect(await now(behind, -3 * HOUR)).toMatchObject({ pushed: 1, pulled: 1, refused: [] });
    expect(await now(ahead, 5 * HOUR)).toMatchObject({ pulled: 1, refused: [] });
    expect(behind.has('sess-ahead:1')).toBe(true);
    // The clocks were wrong indeed (the SDK corrects its request signing from the server's Date, not ours).
    const status = (device: Device) =>
      runCli(['sync', 'status', '--json', '--data-dir', device.dataDir]).then((run) => JSON.parse(run.stdout) as { lastPushAt: number });
    expect((await status(ahead)).lastPushAt).toBeGreaterThan(Date.now() + 4 * HOUR);
    expect((await status(behind)).lastPushAt).toBeLessThan(Date.now() - 2 * HOUR);
    expect(ahead.has('sess-behind:1')).toBe(true);

    // A forget made "eight hours before" the record was made still wins.
    behind.forget(['sess-ahead:1']);
    await now(behind, -3 * HOUR);
    expect(await now(ahead, 5 * HOUR)).toMatchObject({ forgotten: 1, rewritten: 1, refused: [] });
    expect(ahead.has('sess-ahead:1')).toBe(false);

    // And a record made later on the device behind is not taken for an old one already seen.
    behind.record({ id: 'sess-behind:2', line: 'echo later-but-earlier', output: 'c', cwd: '/tmp', hostname: 'h' });
    await now(behind, -3 * HOUR);
    expect(await now(ahead, 5 * HOUR)).toMatchObject({ pulled: 1 });
    expect(ahead.has('sess-behind:2')).toBe(true);
  });
});
