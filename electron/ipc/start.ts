// SPDX-License-Identifier: MIT
import { FIRST_TERMINAL_SIZE } from '../../shared/terminal/first-size';
import type { Unclaimed, UnaskedTerminals } from './pty-handlers';
import type { InvokeHandlers } from './router';

/** The handlers `workspace:start` is made of (electron/ipc/pty-handlers.ts, electron/app/workspace.ts), and what opening unasked needs. */
export type StartParts = Pick<InvokeHandlers, 'pty:list' | 'workspace:restore' | 'pty:spawn'> & {
  readonly unasked: UnaskedTerminals;
  /** Whether any terminal runs (or is kept after its exit). */
  running(): boolean;
  restorePending(): Promise<boolean>;
};

/** How long a terminal opened for a loading page waits to be claimed before it is left to run as any other. */
const UNCLAIMED_MS = 30_000;

export interface Start {
  readonly handlers: Pick<InvokeHandlers, 'workspace:start'>;
  /**
   * A window's page began to load (browser mode: its document was served with the launch token;
   * the desktop app: a window is being created). If the page's start will open a new terminal,
   * the terminal is opened now, while the browser fetches and evaluates the page, and handed to
   * that start with everything it printed. The shell's start (~100 ms of a login shell with its
   * integration here) is then no longer on the way to the first prompt.
   */
  pageOpening(): void;
}

/**
 * A window's start as one request: what `pty:list`, then (no terminals) `workspace:restore`, then
 * (nothing restored) `pty:spawn` would answer, asked one after the other here instead of across
 * three round trips before the first prompt. The order and its rule are the window's own
 * (renderer/terminal/workspace/terminal-workspace.ts): the restore runs once per server run and
 * only when nothing runs, so the saved tabs never come back next to live ones. With restore = ask
 * the offer waits and a new terminal opens meanwhile, as the window did.
 *
 * A terminal opened by pageOpening is only ever one the start would have opened (nothing runs and
 * nothing is to be restored or offered), at the size the page asks for first, and it is answered
 * as `spawned`, as if this start had opened it.
 */
export const createStart = (parts: StartParts): Start => {
  let opening: Promise<Unclaimed | undefined> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Starts answering now without an unclaimed terminal: each may open one of its own. */
  let starting = 0;

  const takeUnclaimed = async (): Promise<Unclaimed | undefined> => {
    const pending = opening;
    opening = undefined;
    clearTimeout(timer);
    return pending?.catch(() => undefined);
  };

  /** The start as it was before pages opened terminals: counted from its first step (see pageOpening). */
  const startOwn: InvokeHandlers['workspace:start'] = async ({ cols, rows }, client) => {
    starting++;
    try {
      const ptys = await parts['pty:list']({}, client);
      if (ptys.length > 0) return { ptys };
      const restore = await parts['workspace:restore']({}, client);
      if (restore.groups.length > 0) return { ptys, restore };
      return { ptys, restore, spawned: await parts['pty:spawn']({ cols, rows }, client) };
    } finally {
      starting--;
    }
  };

  const start: InvokeHandlers['workspace:start'] = async (request, client) => {
    if (!opening) return startOwn(request, client);
    const unclaimed = await takeUnclaimed();
    const spawned = unclaimed && parts.unasked.claim(unclaimed, client, request);
    if (spawned) return { ptys: [], restore: await parts['workspace:restore']({}, client), spawned };
    return startOwn(request, client);
  };

  return {
    handlers: {
      'workspace:start': start,
    },
    pageOpening: () => {
      if (opening || starting > 0 || parts.running()) return;
      const current = (async () => {
        if (await parts.restorePending()) return undefined;
        // Checked again: a start that found nothing to claim may have begun meanwhile.
        return starting > 0 || parts.running() ? undefined : parts.unasked.open(FIRST_TERMINAL_SIZE);
      })();
      opening = current;
      timer = setTimeout(() => {
        if (opening !== current) return;
        opening = undefined;
        void current.then(
          (unclaimed) => unclaimed && parts.unasked.release(unclaimed),
          () => undefined,
        );
      }, UNCLAIMED_MS);
      timer.unref?.();
    },
  };
};
