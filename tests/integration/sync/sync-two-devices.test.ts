// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDevice, plainTextFound, runCli, startS3, type Device, type LocalS3 } from './sync-support';

/**
 * History across machines against a real S3 API (s3rver on 127.0.0.1): two data dirs are two
 * devices, each driven through `bin/contexterm sync` as a user would.
 */
describe('sync between two devices through an S3 bucket', () => {
  let s3: LocalS3;
  let laptop: Device;
  let desktop: Device;
  const where = (): string[] => ['--endpoint', s3.endpoint, '--bucket', s3.bucket];

  beforeAll(async () => {
    s3 = await startS3();
    laptop = makeDevice();
    desktop = makeDevice();
  });

  afterAll(async () => {
    laptop.remove();
    desktop.remove();
    await s3.close();
  });

  it('finds on one device a command recorded on the other, and the bucket holds no plain text', { timeout: 120_000 }, async () => {
    const init = await runCli(['sync', 'init', ...where(), '--data-dir', laptop.dataDir, '--device-name', 'laptop']);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    const phrase = /^ {2}((?:[a-z]+ ){23}[a-z]+)$/m.exec(init.stdout)?.[1];
    expect(phrase).toBeDefined();

    laptop.record({
      id: 'sess-laptop:1',
      line: 'kubectl rollout status canaryline-7q',
      output: 'deployment canaryoutput-9z rolled out',
      cwd: '/srv/canarydir-3x',
      hostname: 'canaryhost-5w',
    });
    const join = await runCli(['sync', 'join', '--phrase', phrase!, ...where(), '--data-dir', desktop.dataDir, '--device-name', 'desktop']);
    expect(join.stderr).toBe('');
    expect(join.code).toBe(0);

    const pushed = await runCli(['sync', 'now', '--json', '--data-dir', laptop.dataDir]);
    expect(pushed.stderr).toBe('');
    expect(JSON.parse(pushed.stdout)).toMatchObject({ pushed: 1, refused: [] });
    const pulled = await runCli(['sync', 'now', '--json', '--data-dir', desktop.dataDir]);
    expect(JSON.parse(pulled.stdout)).toMatchObject({ pulled: 1, devices: 2, refused: [] });

    const found = await runCli(['history', 'search', 'rollout', '--json', '--data-dir', desktop.dataDir]);
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).toEqual([
      expect.objectContaining({ id: 'sess-laptop:1', command_line: 'kubectl rollout status canaryline-7q' }),
    ]);
    const byOutput = await runCli(['history', 'search', 'canaryoutput', '--json', '--data-dir', desktop.dataDir]);
    expect(JSON.parse(byOutput.stdout)).toHaveLength(1);

    expect(
      plainTextFound(s3.directory, ['canaryline-7q', 'canaryoutput-9z', 'canarydir-3x', 'canaryhost-5w', 'kubectl', 'laptop']),
    ).toEqual([]);
  });

  it(
    'forgets across devices: a forget on either side is gone from both and from every object in the bucket',
    { timeout: 180_000 },
    async () => {
      const now = async (device: Device) => {
        const run = await runCli(['sync', 'now', '--json', '--data-dir', device.dataDir]);
        expect(run.stderr).toBe('');
        return run;
      };
      laptop.record({
        id: 'sess-laptop:2',
        line: 'export TOKEN=forgetme-laptop-4k',
        output: 'forgetme-output-8m',
        cwd: '/tmp',
        hostname: 'canaryhost-5w',
      });
      laptop.record({
        id: 'sess-laptop:3',
        line: 'echo forgetme-desktop-2p',
        output: 'forgetme-desktop-2p',
        cwd: '/tmp',
        hostname: 'canaryhost-5w',
      });
      laptop.record({ id: 'sess-laptop:4', line: 'echo keepme-6t', output: 'keepme-6t', cwd: '/tmp', hostname: 'canaryhost-5w' });
      expect(JSON.parse((await now(laptop)).stdout)).toMatchObject({ pushed: 3 });
      expect(JSON.parse((await now(desktop)).stdout)).toMatchObject({ pulled: 3 });
      expect(desktop.has('sess-laptop:2')).toBe(true);

      // Forgotten where it was recorded: the laptop rewrites its segment; the desktop forgets its copy.
      laptop.forget(['sess-laptop:2']);
      expect(JSON.parse((await now(laptop)).stdout)).toMatchObject({ rewritten: 1, refused: [] });
      expect(plainTextFound(s3.directory, ['forgetme-laptop-4k', 'forgetme-output-8m'])).toEqual([]);
      expect(JSON.parse((await now(desktop)).stdout)).toMatchObject({ forgotten: 1, refused: [] });
      expect(desktop.has('sess-laptop:2')).toBe(false);

      // Forgotten on the device that pulled it: its tombstone makes the laptop forget it and rewrite.
      desktop.forget(['sess-laptop:3']);
      await now(desktop);
      expect(JSON.parse((await now(laptop)).stdout)).toMatchObject({ forgotten: 1, rewritten: 1, refused: [] });
      expect(laptop.has('sess-laptop:3')).toBe(false);
      expect(laptop.has('sess-laptop:4')).toBe(true);
      expect(desktop.has('sess-laptop:4')).toBe(true);

      // The rewritten segment came down again: the kept record is not doubled and the forgotten ones stay gone.
      expect(JSON.parse((await now(desktop)).stdout)).toMatchObject({ pulled: 0, refused: [] });
      expect(desktop.has('sess-laptop:2')).toBe(false);
      const kept = await runCli(['history', 'search', 'keepme', '--json', '--data-dir', desktop.dataDir]);
      expect(JSON.parse(kept.stdout)).toHaveLength(1);
      expect(plainTextFound(s3.directory, ['forgetme-laptop-4k', 'forgetme-output-8m', 'forgetme-desktop-2p', 'keepme-6t'])).toEqual([]);
    },
  );
});
