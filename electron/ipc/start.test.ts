// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { PtyInfo } from '../../shared/ipc/pty';
import type { Client } from './router';
import { startHandler, type StartParts } from './start-handler';

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

/** Parts that note what was asked, in order. */
const parts = (running: PtyInfo[], restore: { groups: never[] | [{ root: { kind: 'leaf'; id: string }; focus: string }]; waiting: number }) => {
  const calls: string[] = [];
  const handlers: StartParts = {
    'pty:list': () => (calls.push('list'), running),
    'workspace:restore': () => (calls.push('restore'), restore),
    'pty:spawn': (request, by) => (calls.push(`spawn ${request.cols}x${request.rows} for ${by.id}`), info('new')),
  };
  return { calls, start: startHandler(handlers)['workspace:start'] };
};

describe('workspace:start', () => {
  it('answers the running terminals and neither restores nor spawns next to them', async () => {
    const { calls, start } = parts([info('a')], { groups: [], waiting: 0 });
    expect(await start({ cols: 100, rows: 30 }, client)).toEqual({ ptys: [info('a')] });
    expect(calls).toEqual(['list']);
  });

  it('restores when nothing runs, and opens nothing more when tabs came back', async () => {
    const restored = { groups: [{ root: { kind: 'leaf' as const, id: 'r1' }, focus: 'r1' }] as [{ root: { kind: 'leaf'; id: string }; focus: string }], waiting: 0 };
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
