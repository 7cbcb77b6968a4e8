// SPDX-License-Identifier: MIT
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { IpcFailure } from '../../shared/ipc';
import type { SessionInfo } from '../../shared/ipc/session';
import { createNodePtyHost } from '../pty/node-pty-host';
import { PtyManager } from '../pty/pty-manager';
import type { PtyHost, PtyProcess } from '../pty/types';
import { ptyHandlers } from './pty-handlers';
import { createRouter, type Router } from './router';

export interface CoreOptions {
  readonly host: 'electron' | 'web';
  readonly version: string;
  readonly dataDir: string;
  readonly ptyHost?: PtyHost;
  readonly shell?: string;
  /** Opens a URL in the user's browser (Electron: shell.openExternal). */
  readonly openExternal?: (url: string) => void;
  readonly log?: (message: string) => void;
}

export interface Core {
  readonly router: Router;
  readonly ptys: PtyManager;
  shutdown(): Promise<void>;
}

/** The host-agnostic main-process core: everything both hosts share, behind one router. */
export const createCore = (options: CoreOptions): Core => {
  const log = options.log ?? ((message: string) => console.error(message));
  const ptys = new PtyManager(options.ptyHost ?? createNodePtyHost());
  const started = new Map<string, { startedAt: number; endedAt: number | null }>();
  ptys.observe({
    spawned: (pty) => started.set(pty.id, { startedAt: Date.now(), endedAt: null }),
    exited: (id) => {
      const times = started.get(id);
      if (times) times.endedAt = Date.now();
    },
  });

  const sessionInfo = (pty: PtyProcess): SessionInfo => ({
    id: pty.id,
    shell: basename(pty.shell),
    hostname: hostname(),
    cwd: pty.cwd,
    title: basename(pty.shell),
    mode: 'unknown',
    startedAt: started.get(pty.id)?.startedAt ?? Date.now(),
    endedAt: started.get(pty.id)?.endedAt ?? null,
  });

  const pty = ptyHandlers({
    ptys,
    spawnDefaults: () => ({ ...(options.shell ? { shell: options.shell } : {}) }),
  });

  const router = createRouter(
    {
      ...pty.invoke,
      'app:info': () => ({
        version: options.version,
        host: options.host,
        platform: process.platform,
        dataDir: options.dataDir,
      }),
      'session:list': () => ptys.list().map(sessionInfo),
      'session:get': ({ id }) => {
        const found = ptys.get(id);
        if (!found) throw new IpcFailure('not-found', `no session ${id}`);
        return sessionInfo(found);
      },
    },
    {
      ...pty.send,
      'app:open-external': ({ url }) => options.openExternal?.(url),
    },
    {
      onRejected: (channel, reason) => log(`ipc: rejected ${channel}: ${reason}`),
      onError: (channel, error) => log(`ipc: ${channel} failed: ${(error as Error)?.stack ?? String(error)}`),
    },
  );

  return {
    router,
    ptys,
    shutdown: () => ptys.killAll(),
  };
};
