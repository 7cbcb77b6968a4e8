// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIRROR_DEFER_CHARS, MirrorHost } from './mirror-host';

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

describe('MirrorHost before anything needs parsing', () => {
  it('starts no worker for terminals that showed nothing, and answers their blank screen', async () => {
    const host = await MirrorHost.start();
    try {
      const fresh = host.factory('fresh', 40, 10);
      fresh.resize(50, 12);
      expect(await fresh.snapshot()).toEqual({ data: '', cols: 50, rows: 12, end: 0, marks: [] });
      fresh.dispose();
      expect(host.started).toBe(false);
    } finally {
      await host.close();
    }
  });

  it('replays what a terminal printed, in order, when its screen is first asked for', async () => {
    const host = await MirrorHost.start();
    try {
      const quiet = host.factory('quiet', 30, 5);
      quiet.write('first line\r\n');
      quiet.mark({ kind: 'prompt', commandId: null, exitCode: null });
      quiet.resize(40, 6);
      quiet.write('$ ');
      expect(host.started).toBe(false);
      const snapshot = await quiet.snapshot();
      expect(host.started).toBe(true);
      expect(snapshot.data).toContain('first line');
      expect([snapshot.cols, snapshot.rows, snapshot.end]).toEqual([40, 6, 'first line\r\n$ '.length]);
      expect(snapshot.marks).toHaveLength(1);
      quiet.dispose();
    } finally {
      await host.close();
    }
  }, 30_000);

  it('opens a terminal in the worker once it printed more than the deferral allows', async () => {
    const host = await MirrorHost.start();
    try {
      const chatty = host.factory('chatty', 80, 24);
      const line = `${'x'.repeat(79)}\r\n`;
      for (let sent = 0; sent <= MIRROR_DEFER_CHARS; sent += line.length) chatty.write(line);
      expect(host.started).toBe(true);
      expect((await chatty.snapshot()).data).toContain('x'.repeat(79));
      chatty.dispose();
    } finally {
      await host.close();
    }
  }, 30_000);
});
