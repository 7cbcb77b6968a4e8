// SPDX-License-Identifier: MIT
import type { InvokeHandlers } from './router';

/** The handlers `workspace:start` is made of (electron/ipc/pty-handlers.ts, electron/app/workspace.ts). */
export type StartParts = Pick<InvokeHandlers, 'pty:list' | 'workspace:restore' | 'pty:spawn'>;

/**
 * A window's start as one request: what `pty:list`, then (no terminals) `workspace:restore`, then
 * (nothing restored) `pty:spawn` would answer, asked one after the other here instead of across
 * three round trips before the first prompt. The order and its rule are the window's own
 * (renderer/terminal/workspace/terminal-workspace.ts): the restore runs once per server run and
 * only when nothing runs, so the saved tabs never come back next to live ones. With restore = ask
 * the offer waits and a new terminal opens meanwhile, as the window did.
 */
export const startHandler = (parts: StartParts): Pick<InvokeHandlers, 'workspace:start'> => ({
  'workspace:start': async ({ cols, rows }, client) => {
    const ptys = await parts['pty:list']({}, client);
    if (ptys.length > 0) return { ptys };
    const restore = await parts['workspace:restore']({}, client);
    if (restore.groups.length > 0) return { ptys, restore };
    const spawned = await parts['pty:spawn']({ cols, rows }, client);
    return { ptys, restore, spawned };
  },
});
