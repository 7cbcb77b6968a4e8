// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJson } from '../../../electron/sync/sealed';
import { manifestSchema, SyncLayout } from '../../../electron/sync/sync-format';
import { deriveKeys, phraseToKey } from '../../../electron/sync/sync-keys';
import { makeDevice, runCli, S3_ENV, startS3, storedObjects, type Device, type LocalS3 } from './sync-support';

const PHRASE = /^ {2}((?:[a-z]+ ){23}[a-z]+)$/m;

/** Output of a few hundred bytes, as a typical command's: varied enough not to compress away. */
const output = (seq: number): string =>
  `build step ${seq}: compiled ${(seq * 7919) % 1000} files in ${(seq % 97) / 10}s\nwarning: unused variable x${seq % 13}\n`;

/** Big histories against s3rver: a device joining 100,000 records, and a sync killed with SIGKILL. */
describe('sync at scale and through a kill', () => {
  let s3: LocalS3;
  const devices: Device[] = [];
  const device = (): Device => {
    const made = makeDevice();
    devices.push(made);
    return made;
  };
  const where = (prefix: string) => ['--endpoint', s3.endpoint, '--bucket', s3.bucket, '--prefix', prefix];
  const now = async (d: Device) => {
    const run = await runCli(['sync', 'now', '--json', '--data-dir', d.dataDir]);
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as Record<string, unknown>;
  };

  beforeAll(async () => {
    s3 = await startS3();
  });

  afterAll(async () => {
    for (const d of devices) d.remove();
    await s3.close();
  });

  it('lets a new device join a bucket holding 100,000 records and find them', { timeout: 600_000 }, async () => {
    const old = device();
    const fresh = device();
    old.recordMany('sess-big', 100_000, output);
    const init = await runCli(['sync', 'init', ...where('big'), '--data-dir', old.dataDir]);
    expect(init.code).toBe(0);
    expect(await now(old)).toMatchObject({ pushed: 100_000 });
    const join = await runCli(['sync', 'join', '--phrase', PHRASE.exec(init.stdout)![1]!, ...where('big'), '--data-dir', fresh.dataDir]);
    expect(join.code).toBe(0);
    expect(await now(fresh)).toMatchObject({ pulled: 100_000, refused: [] });
    expect(fresh.pulledCount()).toBe(100_000);
    const found = await runCli(['history', 'search', 'target-99999', '--json', '--data-dir', fresh.dataDir]);
    expect(JSON.parse(found.stdout)).toEqual([expect.objectContaining({ id: 'sess-big:99999' })]);
  });

  it('loses and doubles nothing when a sync is killed with SIGKILL mid-push', { timeout: 600_000 }, async () => {
    const killed = device();
    const other = device();
    const count = 30_000;
    killed.recordMany('sess-kill', count, output);
    const init = await runCli(['sync', 'init', ...where('kill'), '--data-dir', killed.dataDir]);
    expect(init.code).toBe(0);
    const phrase = PHRASE.exec(init.stdout)![1]!;

    // Killed once its first segment is in the bucket, before the push is through.
    const child = spawn(process.execPath, ['bin/contexterm', 'sync', 'now', '--data-dir', killed.dataDir], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        AWS_CONFIG_FILE: '/nonexistent',
        AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
        ...S3_ENV,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    const segments = () => storedObjects(s3.directory).filter((file) => file.path.includes('/kill/s/'));
    await expect.poll(() => segments().length, { timeout: 120_000, interval: 20 }).toBeGreaterThan(0);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // The next sync takes over the dead run's lock and finishes the job.
    const again = await now(killed);
    expect(again.refused).toEqual([]);
    const status = JSON.parse((await runCli(['sync', 'status', '--json', '--data-dir', killed.dataDir])).stdout);
    expect(status.pending).toBe(0);

    // Every record is in the bucket once: the manifest's segments hold `count` records, and no
    // segment object is left that the manifest does not name.
    const keys = deriveKeys(phraseToKey(phrase));
    const layout = new SyncLayout('kill', keys.names);
    const { deviceId } = JSON.parse(readFileSync(join(killed.dataDir, 'sync.json'), 'utf8')) as { deviceId: string };
    const manifestName = layout.manifest(deviceId);
    const manifest = manifestSchema.parse(
      openJson(keys.seal, manifestName, readFileSync(join(s3.directory, s3.bucket, `${manifestName}._S3rver_object`))),
    );
    expect(manifest.segments.reduce((sum, segment) => sum + segment.count, 0)).toBe(count);
    expect(segments()).toHaveLength(manifest.segments.length);

    expect((await runCli(['sync', 'join', '--phrase', phrase, ...where('kill'), '--data-dir', other.dataDir])).code).toBe(0);
    expect(await now(other)).toMatchObject({ pulled: count, refused: [] });
    expect(other.pulledCount()).toBe(count);
  });
});
