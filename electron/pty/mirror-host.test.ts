// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MirrorHost } from './mirror-host';
import { threadMemory } from '../runtime/thread-memory';

/** As in mirror-host.ts. */
const MIRROR_DEFER_CHARS = 256 * 1024;

/** As in mirror-backlog.ts. */
const MIRROR_BACKLOG_TOTAL_CHARS = 16 * 1024 * 1024;

/** As in mirror-backlog.ts. */
const MIRROR_BACKLOG_CHARS = 16 * 1024 * 1024;

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

describe('MirrorHost when it has been idle', () => {
  const until = async (test: () => boolean, timeoutMs = 20_000): Promise<void> => {
    const started = Date.now();
    while (!test()) {
      if (Date.now() - started > timeoutMs) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('stops its worker when every screen can be replayed, and rebuilds the same screens on the next request', async () => {
    const host = await MirrorHost.start({ retireMs: 200 });
    try {
      const small = host.factory('small', 30, 5);
      small.write('first line\r\n');
      small.mark({ kind: 'prompt', commandId: null, exitCode: null });
      small.write('$ ');
      const before = await small.snapshot();
      expect(host.started).toBe(true);
      await until(() => !host.started);
      small.write('ls\r\n');
      const after = await small.snapshot();
      expect(host.started).toBe(true);
      expect(after.data).toContain('first line');
      expect(after.data).toContain('$ ls');
      expect(after.marks.map((entry) => entry.mark)).toEqual(before.marks.map((entry) => entry.mark));
      expect(after.end).toBe(before.end + 'ls\r\n'.length);
      small.dispose();
    } finally {
      await host.close();
    }
  }, 30_000);

  it('stops its worker with a flooded screen too, and paints it again from its snapshot', async () => {
    const host = await MirrorHost.start({ retireMs: 150 });
    try {
      const busy = host.factory('busy', 80, 24);
      busy.write(`${'x'.repeat(79)}\r\n`.repeat(Math.ceil(MIRROR_DEFER_CHARS / 81) + 10));
      busy.mark({ kind: 'prompt', commandId: null, exitCode: null });
      busy.write('\x1b[31mred\x1b[0m $ ');
      const before = await busy.snapshot();
      await until(() => !host.started);
      // The same screen, marks and stream position, parsed again by a new worker.
      const again = await busy.snapshot();
      expect(host.started).toBe(true);
      expect(again).toEqual(before);
      expect(busy.congested?.()).toBe(false);
      busy.write('ls\r\n');
      const after = await busy.snapshot();
      expect(after.data).toContain('red\x1b[0m $ ls');
      expect(after.end).toBe(before.end + 4);
      // And stops again: the restored screen is no reason to keep a worker.
      await until(() => !host.started);
      busy.dispose();
    } finally {
      await host.close();
    }
  }, 30_000);

  it('keeps a full-screen program and the marks under it across a stop', async () => {
    const host = await MirrorHost.start({ retireMs: 150 });
    try {
      const vim = host.factory('vim', 40, 6);
      vim.write(`${'y'.repeat(39)}\r\n`.repeat(Math.ceil(MIRROR_DEFER_CHARS / 41) + 10));
      vim.mark({ kind: 'prompt', commandId: null, exitCode: null });
      vim.write('$ vim\r\n\x1b[?1049h\x1b[Hediting');
      const before = await vim.snapshot();
      await until(() => !host.started);
      vim.write('\x1b[?1049l');
      const after = await vim.snapshot();
      expect(after.data).toContain('$ vim');
      expect(after.data).not.toContain('editing');
      expect(after.marks.map((entry) => entry.mark.kind)).toEqual(before.marks.map((entry) => entry.mark.kind));
      expect(after.marks).toHaveLength(1);
      vim.dispose();
    } finally {
      await host.close();
    }
  }, 30_000);

  it('holds every pty back once all mirrors together lag too far, not only the one that printed most', async () => {
    const host = await MirrorHost.start();
    try {
      const line = `${'y'.repeat(99)}\n`;
      const ptys = ['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => host.factory(id, 100, 30));
      // Each stays under its own limit; together they pass the total.
      const each = line.repeat(Math.floor(MIRROR_BACKLOG_TOTAL_CHARS / 4 / line.length));
      expect(each.length).toBeLessThan(MIRROR_BACKLOG_CHARS);
      for (const pty of ptys) pty.write(each);
      expect(ptys.every((pty) => pty.congested?.() === true)).toBe(true);
      await Promise.all(ptys.map((pty) => pty.snapshot()));
      expect(ptys.some((pty) => pty.congested?.() === true)).toBe(false);
      for (const pty of ptys) pty.dispose();
    } finally {
      await host.close();
    }
  }, 30_000);
});

describe('MirrorHost memory', () => {
  it('gives back what closed terminals held once the worker is quiet', async () => {
    const host = await MirrorHost.start({ retireMs: 600_000 });
    try {
      const mirrorMemory = async () => (await threadMemory()).findLast((thread) => thread.thread === 'screen mirror')!;
      const ptys = Array.from({ length: 8 }, (_, i) => host.factory(`m${i}`, 100, 30));
      const lines = `${'z'.repeat(90)}\x1b[31mred\x1b[0m\r\n`.repeat(2_000);
      for (const pty of ptys) pty.write(lines);
      await Promise.all(ptys.map((pty) => pty.snapshot()));
      const flooded = await mirrorMemory();
      // Eight full histories: 1,000 lines of 100 cells each.
      expect(flooded.externalMb).toBeGreaterThan(8);
      for (const pty of ptys.slice(1)) pty.dispose();
      const started = Date.now();
      let now = await mirrorMemory();
      while (now.externalMb > flooded.externalMb / 2 && Date.now() - started < 15_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        now = await mirrorMemory();
      }
      expect(now.externalMb).toBeLessThan(flooded.externalMb / 2);
      ptys[0]!.dispose();
    } finally {
      await host.close();
    }
  }, 30_000);
});
