// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Backend } from '../../../electron/sync/s3-backend';
import { makeDevice, runCli, S3_ENV, startS3, storedObjects, type Device, type LocalS3 } from './sync-support';

const PHRASE = /^ {2}((?:[a-z]+ ){23}[a-z]+)$/m;

/** Key rotation exactly as docs/history.md "Key rotation" tells it, step by step, against s3rver. */
describe('rotating the sync key by the documented procedure', () => {
  let s3: LocalS3;
  let laptop: Device;
  let desktop: Device;
  const where = (): string[] => ['--endpoint', s3.endpoint, '--bucket', s3.bucket, '--prefix', 'team'];
  const now = (d: Device) => runCli(['sync', 'now', '--json', '--data-dir', d.dataDir]);

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

  it(
    're-seals everything under a new phrase, leaves no old object, and tells a device still on the old key',
    { timeout: 180_000 },
    async () => {
      const first = await runCli(['sync', 'init', ...where(), '--data-dir', laptop.dataDir]);
      const old = PHRASE.exec(first.stdout)![1]!;
      expect((await runCli(['sync', 'join', '--phrase', old, ...where(), '--data-dir', desktop.dataDir])).code).toBe(0);
      laptop.record({ id: 'sess-laptop:1', line: 'echo before-rotation-l', output: 'l', cwd: '/', hostname: 'h' });
      desktop.record({ id: 'sess-desktop:1', line: 'echo before-rotation-d', output: 'd', cwd: '/', hostname: 'h' });
      await now(laptop);
      await now(desktop);
      await now(laptop);
      const before = new Set(storedObjects(s3.directory).map((file) => file.path));

      // 1. `sync off` on the device that rotates (the desktop is missed, as happens).
      expect((await runCli(['sync', 'off', '--data-dir', laptop.dataDir])).code).toBe(0);
      // 2. Delete every object under the prefix (the docs: `aws s3 rm --recursive s3://BUCKET/PREFIX/`).
      Object.assign(process.env, S3_ENV);
      const bucket = await S3Backend.connect({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1' });
      for (const name of await bucket.list('team/')) await bucket.delete(name);
      bucket.close();
      // 3. `sync init` again with the same place: a new phrase.
      const second = await runCli(['sync', 'init', ...where(), '--data-dir', laptop.dataDir]);
      expect(second.code).toBe(0);
      const fresh = PHRASE.exec(second.stdout)![1]!;
      expect(fresh).not.toBe(old);
      expect(JSON.parse((await now(laptop)).stdout)).toMatchObject({ pushed: 1 });

      // A device still on the old key is told plainly, and writes nothing.
      const objects = storedObjects(s3.directory).map((file) => `${file.path}:${file.bytes.length}`);
      const stale = await now(desktop);
      expect(stale.code).toBe(6);
      expect(stale.stderr).toMatch(/^contexterm: the key changed: .*run 'contexterm sync off', then 'sync join' with the new phrase/);
      expect(storedObjects(s3.directory).map((file) => `${file.path}:${file.bytes.length}`)).toEqual(objects);

      // 4. On every other device: `sync off`, `sync join` with the new phrase, `sync now`.
      expect((await runCli(['sync', 'off', '--data-dir', desktop.dataDir])).code).toBe(0);
      expect((await runCli(['sync', 'join', '--phrase', fresh, ...where(), '--data-dir', desktop.dataDir])).code).toBe(0);
      expect(JSON.parse((await now(desktop)).stdout)).toMatchObject({ pushed: 1, pulled: 0, refused: [] }); // it has the laptop's record already
      expect(JSON.parse((await now(laptop)).stdout)).toMatchObject({ pulled: 0, refused: [] }); // and the laptop the desktop's
      expect(laptop.has('sess-desktop:1') && desktop.has('sess-laptop:1')).toBe(true);

      // A device that joins now gets everything once; no object of the old key is left but the check's name.
      const newcomer = makeDevice();
      const oldKeyed = makeDevice();
      try {
        expect((await runCli(['sync', 'join', '--phrase', fresh, ...where(), '--data-dir', newcomer.dataDir])).code).toBe(0);
        expect(JSON.parse((await now(newcomer)).stdout)).toMatchObject({ pulled: 2, refused: [] });
        expect((await runCli(['sync', 'join', '--phrase', old, ...where(), '--data-dir', oldKeyed.dataDir])).code).toBe(6);
      } finally {
        newcomer.remove();
        oldKeyed.remove();
      }
      const left = storedObjects(s3.directory)
        .map((file) => file.path)
        .filter((path) => before.has(path));
      expect(left.every((path) => path.endsWith('/team/check._S3rver_object'))).toBe(true);
    },
  );
});
