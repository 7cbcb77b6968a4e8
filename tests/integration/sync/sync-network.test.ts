// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Backend } from '../../../electron/sync/s3-backend';
import { startCutProxy, type CutProxy } from './cut-proxy';
import { makeDevice, runCli, S3_ENV, startS3, storedObjects, type Device, type LocalS3 } from './sync-support';

/** The network cut mid-upload, through a proxy on 127.0.0.1 that drops connections, against s3rver. */
describe('sync over a network that drops', () => {
  let s3: LocalS3;
  let proxy: CutProxy;
  const devices: Device[] = [];

  beforeAll(async () => {
    s3 = await startS3();
    proxy = await startCutProxy(s3.endpoint);
  });

  afterAll(async () => {
    for (const device of devices) device.remove();
    await proxy.close();
    await s3.close();
  });

  it('sends a large object as a multipart upload, retrying a part whose connection dropped', { timeout: 120_000 }, async () => {
    Object.assign(process.env, S3_ENV);
    const backend = await S3Backend.connect({ endpoint: proxy.endpoint, bucket: s3.bucket, region: 'us-east-1' });
    try {
      const body = new Uint8Array(randomBytes(20 * 1024 * 1024));
      proxy.cut(1, 1024 * 1024);
      await backend.put('big/object', body);
      expect(proxy.dropped).toBe(1);
      const back = await backend.get('big/object');
      expect(back?.byteLength).toBe(body.byteLength);
      expect(Buffer.from(back!).equals(Buffer.from(body))).toBe(true);
      // Three parts were stored as parts and put together: no upload is left open in the server.
      expect(storedObjects(s3.directory).filter((file) => file.path.includes('big'))).toHaveLength(1);
    } finally {
      proxy.heal();
      backend.close();
    }
  });

  it(
    'lists past one page of 1,000 names (ListObjects paged by Marker: s3rver fails any truncated V2 page)',
    { timeout: 120_000 },
    async () => {
      Object.assign(process.env, S3_ENV);
      const backend = await S3Backend.connect({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1' });
      try {
        const names = Array.from({ length: 1005 }, (_, i) => `many/${String(i).padStart(4, '0')}`);
        for (let i = 0; i < names.length; i += 25)
          await Promise.all(names.slice(i, i + 25).map((name) => backend.put(name, new Uint8Array([i % 256]))));
        expect(await backend.list('many/')).toEqual(names);
      } finally {
        backend.close();
      }
    },
  );

  it('never lists a segment cut mid-upload; the next sync sends it whole, and nothing arrives twice', { timeout: 180_000 }, async () => {
    const laptop = makeDevice();
    const desktop = makeDevice();
    devices.push(laptop, desktop);
    const init = await runCli([
      'sync',
      'init',
      '--endpoint',
      proxy.endpoint,
      '--bucket',
      s3.bucket,
      '--prefix',
      'cut',
      '--data-dir',
      laptop.dataDir,
    ]);
    expect(init.code).toBe(0);
    const phrase = /^ {2}((?:[a-z]+ ){23}[a-z]+)$/m.exec(init.stdout)![1]!;
    const join = await runCli([
      'sync',
      'join',
      '--phrase',
      phrase,
      '--endpoint',
      s3.endpoint,
      '--bucket',
      s3.bucket,
      '--prefix',
      'cut',
      '--data-dir',
      desktop.dataDir,
    ]);
    expect(join.code).toBe(0);
    // Output that does not compress, so the segment is far larger than the cut-off point.
    laptop.recordMany('sess-cut', 30, () => randomBytes(10_000).toString('hex'));
    const segments = () => storedObjects(s3.directory).filter((file) => file.path.includes('/cut/s/'));

    proxy.cut(Infinity, 8192);
    const cut = await runCli(['sync', 'now', '--json', '--data-dir', laptop.dataDir]);
    proxy.heal();
    expect(cut.code).toBe(3);
    expect(cut.stderr).toMatch(/^contexterm: .*(cannot reach|failed to write)/);
    expect(proxy.dropped).toBeGreaterThan(1); // the SDK retried with back-off before giving up
    const status = JSON.parse((await runCli(['sync', 'status', '--json', '--data-dir', laptop.dataDir])).stdout);
    expect(status).toMatchObject({ pending: 30, lastError: expect.any(String) });

    // s3rver keeps what arrived of a cut PUT as an object (0 bytes here); no manifest names it, so the other device reads nothing.
    const early = await runCli(['sync', 'now', '--json', '--data-dir', desktop.dataDir]);
    expect(JSON.parse(early.stdout)).toMatchObject({ pulled: 0, refused: [] });

    const healed = await runCli(['sync', 'now', '--json', '--data-dir', laptop.dataDir]);
    expect(healed.stderr).toBe('');
    expect(JSON.parse(healed.stdout)).toMatchObject({ pushed: 30, refused: [] });
    expect(segments()).toHaveLength(1); // a partial object the cut left behind is deleted as unlisted
    const late = await runCli(['sync', 'now', '--json', '--data-dir', desktop.dataDir]);
    expect(JSON.parse(late.stdout)).toMatchObject({ pulled: 30, refused: [] });
    expect(desktop.pulledCount()).toBe(30);
  });
});
