// SPDX-License-Identifier: MIT
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PtyInfo } from '../../shared/ipc/pty';
import type { PtyProcess } from '../pty/types';
import type { Unclaimed } from './pty-handlers';
import type { Client } from './router';
import { createStart, type StartParts } from './start';
import { UnclaimedOutput } from './unclaimed-terminal';

/** As in start.ts. */
const UNCLAIMED_MS = 30_000;

const client: Client = { id: 'w1', emit: () => undefined, onClose: () => undefined };

const info = (id: string): PtyInfo => ({
  id,
  sessionId: id,
  pid: 1,
  shell: '/bin/bash',
  cwd: '/',
  cols: 80,
  rows: 24,
  exited: false,
  exitCode: null,
  recording: 'on',
  profileId: null,
});

type Restore = { groups: never[] | [{ root: { kind: 'leaf'; id: string }; focus: string }]; waiting: number };

/** Parts that note what was asked, in order. */
const parts = (running: PtyInfo[], restore: Restore, pending = false) => {
  const calls: string[] = [];
  const handlers: StartParts = {
    'pty:list': () => (calls.push('list'), running),
    'workspace:restore': () => (calls.push('restore'), restore),
    'pty:spawn': (request, by) => (calls.push(`spawn ${request.cols}x${request.rows} for ${by.id}`), info('new')),
    running: () => running.length > 0,
    restorePending: async () => pending,
    unasked: {
      open: (size) => {
        calls.push(`open ${size.cols}x${size.rows}`);
        running.push(info('early'));
        return { pty: { id: 'early' } as PtyProcess, output: new UnclaimedOutput() } satisfies Unclaimed;
      },
      claim: (unclaimed, by, size) => (
        calls.push(`claim ${unclaimed.pty.id} ${size.cols}x${size.rows} for ${by.id}`),
        info(unclaimed.pty.id)
      ),
      release: (unclaimed) => void calls.push(`release ${unclaimed.pty.id}`),
    },
  };
  const created = createStart(handlers);
  return { calls, start: created.handlers['workspace:start'], pageOpening: created.pageOpening };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('workspace:start', () => {
  it('answers the running terminals and neither restores nor spawns next to them', async () => {
    const { calls, start } = parts([info('a')], { groups: [], waiting: 0 });
    expect(await start({ cols: 100, rows: 30 }, client)).toEqual({ ptys: [info('a')] });
    expect(calls).toEqual(['list']);
  });

  it('restores when nothing runs, and opens nothing more when tabs came back', async () => {
    const restored = {
      groups: [{ root: { kind: 'leaf' as const, id: 'r1' }, focus: 'r1' }] as [{ root: { kind: 'leaf'; id: string }; focus: string }],
      waiting: 0,
    };
    const { calls, start } = parts([], restored);
    expect(await start({ cols: 100, rows: 30 }, client)).toEqual({ ptys: [], restore: restored });
    expect(calls).toEqual(['list', 'restore']);
  });

  it('opens a terminal of the size asked, for the window that asked, when nothing came back (an offer waits meanwhile)', async () => {
    const { calls, start } = parts([], { groups: [], waiting: 2 });
    expect(await start({ cols: 120, rows: 40 }, client)).toEqual({ ptys: [], restore: { groups: [], waiting: 2 }, spawned: info('new') });
    expect(calls).toEqual(['list', 'restore', 'spawn 120x40 for w1']);
  });
});

describe('a page opening', () => {
  it("opens the window's first terminal before it asks, and its start answers that one as spawned for it", async () => {
    const { calls, start, pageOpening } = parts([], { groups: [], waiting: 0 });
    pageOpening();
    pageOpening();
    expect(await start({ cols: 120, rows: 40 }, client)).toEqual({ ptys: [], restore: { groups: [], waiting: 0 }, spawned: info('early') });
    expect(calls).toEqual(['open 100x30', 'claim early 120x40 for w1', 'restore']);
    // Claimed once: the next window lists it as a running terminal.
    expect(await start({ cols: 100, rows: 30 }, client)).toEqual({ ptys: [info('early')] });
  });

  it('opens nothing when a terminal runs, or tabs are to come back or be offered', async () => {
    for (const [running, pending] of [
      [[info('a')], false],
      [[], true],
    ] as const) {
      const { calls, start, pageOpening } = parts([...running], { groups: [], waiting: pending ? 2 : 0 }, pending);
      pageOpening();
      await start({ cols: 100, rows: 30 }, client);
      expect(calls.filter((call) => call.startsWith('open'))).toEqual([]);
    }
  });

  it('opens nothing while a start is being answered, which opens its own', async () => {
    const { calls, start, pageOpening } = parts([], { groups: [], waiting: 0 });
    const answered = start({ cols: 100, rows: 30 }, client);
    pageOpening();
    await answered;
    expect(calls).toEqual(['list', 'restore', 'spawn 100x30 for w1']);
  });

  it('leaves a terminal nobody claimed to run as any other', async () => {
    vi.useFakeTimers();
    const { calls, start, pageOpening } = parts([], { groups: [], waiting: 0 });
    pageOpening();
    await vi.advanceTimersByTimeAsync(UNCLAIMED_MS);
    expect(calls).toEqual(['open 100x30', 'release early']);
    expect(await start({ cols: 100, rows: 30 }, client)).toEqual({ ptys: [info('early')] });
  });
});
