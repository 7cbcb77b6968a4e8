// SPDX-License-Identifier: MIT
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_FAULTS_ENV } from '../runtime/test-faults';
import { MirrorHost } from './mirror-host';
import { MIRROR_LOST_NOTICE } from './mirror-protocol';

/** As in mirror-host.ts. */
const MIRROR_DEFER_CHARS = 256 * 1024;

/**
 * A failing mirror worker (an exception, or a thread that ends as a crash or kill would end it)
 * costs the screens it held and nothing else: snapshots are still answered, new output is parsed
 * by a restarted worker, and a worker that keeps failing is given up on instead of restarted for ever.
 */
const hosts: MirrorHost[] = [];
const start = async (fault: string, delaysMs: number[] = [0, 0, 0]) => {
  // Read by the worker thread as it starts (each test's host starts its own).
  process.env[TEST_FAULTS_ENV] = fault;
  const logs: string[] = [];
  const host = await MirrorHost.start({ restarts: { delaysMs, windowMs: 60_000 }, log: (message) => logs.push(message) });
  hosts.push(host);
  return { host, logs };
};

afterEach(async () => {
  delete process.env[TEST_FAULTS_ENV];
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

describe.each(['throw', 'exit'])('a mirror worker that fails (%s)', (kind) => {
  it('answers the snapshot it owed with a notice, restarts, and parses what comes next', async () => {
    const { host, logs } = await start(`mirror:${kind}:BOOM`);
    const a = host.factory('a', 60, 5);
    const b = host.factory('b', 60, 5);
    a.write('before the failure\r\n');
    b.write('quiet terminal\r\n');
    expect((await b.snapshot()).data).toContain('quiet terminal');
    a.write('BOOM\r\n');
    const owed = await a.snapshot();
    expect(owed.data).toBe(MIRROR_LOST_NOTICE);
    expect(owed.end).toBe('before the failure\r\nBOOM\r\n'.length);
    expect(logs.join('\n')).toMatch(/screen mirror stopped \(exit code \d+\); restarting it/);
    if (kind === 'throw') expect(logs.join('\n')).toContain('test fault: throw in mirror');

    a.write('after the restart\r\n');
    b.write('b goes on\r\n');
    const [snapA, snapB] = await Promise.all([a.snapshot(), b.snapshot()]);
    expect(snapA.data).toContain('could not be restored');
    expect(snapA.data).toContain('after the restart');
    expect(snapA.data).not.toContain('before the failure');
    expect(snapB.data).toContain('b goes on');
    expect([a.congested?.(), b.congested?.()]).toEqual([false, false]);
    expect(host.started).toBe(true);
  }, 30_000);
});

describe('a mirror worker that keeps failing', () => {
  it('is given up on after the limit: no new worker, snapshots answered at once, nothing held', async () => {
    const { host, logs } = await start('mirror:throw:BOOM', [0, 0]);
    const term = host.factory('t', 40, 4);
    for (let failure = 1; failure <= 3; failure++) {
      term.write(`BOOM ${failure}\r\n`);
      expect((await term.snapshot()).data).toBe(MIRROR_LOST_NOTICE);
    }
    expect(host.gaveUp).toBe(true);
    expect(host.started).toBe(false);
    expect(logs.at(-1)).toMatch(/failed too often to restart/);

    term.write('still printing\r\n');
    expect(await term.snapshot()).toMatchObject({ data: MIRROR_LOST_NOTICE, cols: 40, rows: 4 });
    expect(host.started).toBe(false);
    // A terminal opened afterwards is never parsed: what it prints is dropped past the deferral, not kept.
    const late = host.factory('late', 80, 24);
    const line = `${'y'.repeat(79)}\r\n`;
    for (let sent = 0; sent <= MIRROR_DEFER_CHARS; sent += line.length) late.write(line);
    expect((await late.snapshot()).data).toBe(MIRROR_LOST_NOTICE);
    expect(late.congested?.()).toBe(false);
    expect(host.started).toBe(false);
  }, 30_000);

  it('waits out the backoff for a terminal whose output it still holds, and answers a lost one at once', async () => {
    const { host } = await start('mirror:exit:BOOM', [0, 1500]);
    const first = host.factory('first', 40, 4);
    first.write('BOOM\r\n');
    await first.snapshot();
    first.write('BOOM again\r\n');
    expect((await first.snapshot()).data).toBe(MIRROR_LOST_NOTICE);
    // Now inside the 1.5 s wait: a deferred terminal's screen comes once a worker may run again.
    const deferred = host.factory('deferred', 40, 4);
    deferred.write('kept while waiting\r\n');
    const startedAt = Date.now();
    const snapshot = await deferred.snapshot();
    expect(snapshot.data).toContain('kept while waiting');
    expect(Date.now() - startedAt).toBeGreaterThan(500);
  }, 30_000);
});
