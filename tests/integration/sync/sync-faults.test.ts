// SPDX-License-Identifier: MIT
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '../../../electron/data-dir/data-dir-lock';
import { makeDevice, runCli, startS3, storedFiles, storedObjects, type Device, type LocalS3 } from './sync-support';

/** Bad input and faults against a real S3 API: each gives a plain message and the exit code docs/cli-and-mcp.md names. */
describe('sync faults', () => {
  let s3: LocalS3;
  let first: Device;
  let second: Device;
  let phrase = '';
  const where = (): string[] => ['--endpoint', s3.endpoint, '--bucket', s3.bucket];
  const now = (device: Device) => runCli(['sync', 'now', '--json', '--data-dir', device.dataDir]);

  beforeAll(async () => {
    s3 = await startS3();
    first = makeDevice();
    second = makeDevice();
    const init = await runCli(['sync', 'init', ...where(), '--data-dir', first.dataDir]);
    expect(init.code).toBe(0);
    phrase = /^ {2}((?:[a-z]+ ){23}[a-z]+)$/m.exec(init.stdout)![1]!;
  }, 60_000);

  afterAll(async () => {
    first.remove();
    second.remove();
    await s3.close();
  });

  it('refuses a wrong phrase and writes nothing, in the bucket or the data dir', { timeout: 60_000 }, async () => {
    const before = storedFiles(s3.directory).map((file) => `${file.path}:${file.bytes.length}`);
    const wrong = await runCli(['sync', 'join', '--phrase', generateMnemonic(wordlist, 256), ...where(), '--data-dir', second.dataDir]);
    expect(wrong.code).toBe(6);
    expect(wrong.stderr).toMatch(
      /^contexterm: that recovery phrase does not open the sync group in bucket history at .*; nothing was written\n$/,
    );
    expect(storedFiles(s3.directory).map((file) => `${file.path}:${file.bytes.length}`)).toEqual(before);
    expect(existsSync(join(second.dataDir, 'sync.json'))).toBe(false);
    expect(existsSync(join(second.dataDir, 'sync-key'))).toBe(false);

    const misspelt = await runCli(['sync', 'join', '--phrase', phrase.replace(/^\S+/, 'zzzz'), ...where(), '--data-dir', second.dataDir]);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain('not valid');
  });

  it('names a missing bucket, refused credentials and missing ones plainly (exit 3)', { timeout: 60_000 }, async () => {
    const noBucket = await runCli(['sync', 'init', '--endpoint', s3.endpoint, '--bucket', 'nope', '--data-dir', second.dataDir]);
    expect([noBucket.code, noBucket.stderr]).toEqual([3, `contexterm: the bucket nope does not exist at ${s3.endpoint}\n`]);
    const refused = await runCli(['sync', 'join', '--phrase', phrase, ...where(), '--data-dir', second.dataDir], {
      AWS_ACCESS_KEY_ID: 'WRONG',
      AWS_SECRET_ACCESS_KEY: 'WRONG',
    });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('refused these credentials');
    const none = await runCli(['sync', 'join', '--phrase', phrase, ...where(), '--data-dir', second.dataDir], {});
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('no AWS credentials found');
    expect(existsSync(join(second.dataDir, 'sync.json'))).toBe(false);
  });

  it('refuses a tampered object by its tag, reports it, and syncs the rest', { timeout: 120_000 }, async () => {
    expect((await runCli(['sync', 'join', '--phrase', phrase, ...where(), '--data-dir', second.dataDir])).code).toBe(0);
    const segments = () =>
      new Set(
        storedObjects(s3.directory)
          .filter((file) => file.path.includes('/s/'))
          .map((file) => file.path),
      );
    first.record({ id: 'sess-first:1', line: 'echo tampered-one', output: 'x', cwd: '/tmp', hostname: 'h' });
    expect((await now(first)).code).toBe(0);
    const [bad] = [...segments()];
    first.record({ id: 'sess-first:2', line: 'echo intact-two', output: 'y', cwd: '/tmp', hostname: 'h' });
    expect((await now(first)).code).toBe(0);
    const bytes = readFileSync(bad!);
    bytes[bytes.length - 3]! ^= 0x40;
    writeFileSync(bad!, bytes);

    const run = await now(second);
    expect(run.code).toBe(6);
    expect(JSON.parse(run.stdout)).toMatchObject({ pulled: 1, refused: [expect.stringContaining('failed its authentication tag')] });
    expect(run.stderr).toContain('1 object(s) refused, the rest synced');
    expect(second.has('sess-first:2')).toBe(true);
    expect(second.has('sess-first:1')).toBe(false);
    const status = JSON.parse((await runCli(['sync', 'status', '--json', '--data-dir', second.dataDir])).stdout);
    expect(status.lastError).toContain('failed its authentication tag');

    // A truncated object is refused the same way.
    writeFileSync(bad!, bytes.subarray(0, 20));
    expect(JSON.parse((await now(second)).stdout).refused).toEqual([expect.stringContaining('truncated')]);
  });

  it("lets two devices sync at once, each getting the other's records", { timeout: 120_000 }, async () => {
    first.record({ id: 'sess-first:3', line: 'echo from-first', output: 'a', cwd: '/tmp', hostname: 'h' });
    second.record({ id: 'sess-second:1', line: 'echo from-second', output: 'b', cwd: '/tmp', hostname: 'h' });
    const runs = [...(await Promise.all([now(first), now(second)])), ...(await Promise.all([now(first), now(second)]))];
    // 6: the object the test before left truncated is still refused; every other object synced.
    for (const run of runs) expect([0, 6], run.stderr).toContain(run.code);
    // s3rver writes an object's file as it streams in, so a manifest read while its device rewrites
    // it can come out short and is refused by its tag (S3 itself replaces an object whole). One round
    // after the concurrent ones must then bring each device the other's record, once.
    await now(first);
    await now(second);
    await now(first);
    expect(first.has('sess-second:1')).toBe(true);
    expect(second.has('sess-first:3')).toBe(true);
  });

  it('refuses plainly while the app holds the data dir, and writes nothing', { timeout: 60_000 }, async () => {
    const lock = acquireDataDirLock(second.dataDir);
    try {
      const before = statSync(join(second.dataDir, 'contexterm.db')).mtimeMs;
      const run = await now(second);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain('the CLI syncs only when it is closed');
      expect(statSync(join(second.dataDir, 'contexterm.db')).mtimeMs).toBe(before);
    } finally {
      lock.release();
    }
  });

  it('turns off on one device, leaving the bucket to the others', { timeout: 60_000 }, async () => {
    const objects = storedObjects(s3.directory).length;
    const off = await runCli(['sync', 'off', '--data-dir', second.dataDir]);
    expect([off.code, off.stderr]).toEqual([0, '']);
    expect(existsSync(join(second.dataDir, 'sync.json'))).toBe(false);
    expect(existsSync(join(second.dataDir, 'sync-key'))).toBe(false);
    expect(storedObjects(s3.directory)).toHaveLength(objects);
    const status = await runCli(['sync', 'status', '--data-dir', second.dataDir]);
    expect(status.code).toBe(3);
    expect(status.stderr).toContain('sync is not set up');
    expect(second.has('sess-first:3')).toBe(true); // what it pulled stays its history
  });
});
