// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MirrorHost } from './mirror-host';

describe('MirrorHost', () => {
  let host: MirrorHost;
  beforeAll(async () => {
    host = await MirrorHost.start();
  }, 30_000);
  afterAll(() => host.close());

  it('parses in its worker and answers snapshots in stream order, per pty', async () => {
    const a = host.factory('a', 30, 5);
    const b = host.factory('b', 20, 4);
    a.write('hello from a\r\n');
    b.write('hello from b');
    a.mark({ kind: 'prompt', commandId: null, exitCode: null });
    a.write('$ ');
    const [snapA, snapB] = await Promise.all([a.snapshot(), b.snapshot()]);
    expect(snapA.data).toContain('hello from a');
    expect(snapA.end).toBe('hello from a\r\n$ '.length);
    expect(snapA.marks).toHaveLength(1);
    expect([snapB.cols, snapB.rows]).toEqual([20, 4]);
    expect(snapB.data).toContain('hello from b');
    expect(a.congested?.()).toBe(false);
    a.dispose();
    b.dispose();
  });

  it('answers an empty screen for a pty it no longer has', async () => {
    const gone = host.factory('gone', 10, 3);
    gone.write('x');
    gone.dispose();
    const snapshot = await gone.snapshot();
    expect(snapshot).toMatchObject({ data: '', cols: 10, rows: 3, end: 1, marks: [] });
  });
});
