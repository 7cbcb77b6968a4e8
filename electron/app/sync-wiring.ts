// SPDX-License-Identifier: MIT
import type { Server } from 'node:net';
import type { Settings } from '../../shared/ipc/settings';
import { syncHandlers } from '../ipc/sync-handlers';
import type { Broadcast } from '../ipc/router';
import { SyncService } from '../sync-service/sync-service';
import { listenForCli } from '../sync-service/sync-socket';

export interface SyncWiringDeps {
  readonly dataDir: string;
  readonly dbPath: string;
  readonly settings: { readonly current: Settings; onChange(listener: (settings: Settings) => void): () => void };
  /** Records a pulled forget erased: every copy outside the store lets them go (history-wiring.ts). */
  readonly forgotten: (commandIds: readonly string[], sessionIds: readonly string[]) => void;
  readonly broadcast: Broadcast;
  readonly log: (message: string) => void;
}

/**
 * History across machines in the running app: the sync service (its worker and its timer), the
 * socket the CLI asks it through, and Settings → Sync's handlers. A record forgotten because
 * another device forgot it leaves the recorder, the assistant's memory and every window as a local forget does.
 */
export const wireSync = (deps: SyncWiringDeps) => {
  const service = new SyncService({
    dataDir: deps.dataDir,
    dbPath: deps.dbPath,
    intervalSeconds: () => deps.settings.current.sync.intervalSeconds,
    changed: (state) => deps.broadcast('sync:changed', state),
    forgotten: deps.forgotten,
    log: deps.log,
  });
  let interval = deps.settings.current.sync.intervalSeconds;
  const offSettings = deps.settings.onChange((settings) => {
    if (settings.sync.intervalSeconds === interval) return;
    interval = settings.sync.intervalSeconds;
    service.reschedule();
  });
  let socket: Server | undefined;
  // Without the socket the app still syncs; only the CLI cannot reach it (it says so).
  listenForCli(deps.dataDir, service).then(
    (server) => (socket = server),
    (error: unknown) => deps.log(`sync: no socket for the CLI: ${(error as Error).message}`),
  );
  return {
    handlers: syncHandlers(
      {
        state: () => service.state(),
        now: () => service.now(),
        off: () => service.off(),
        // The first run at once: a new group gets this device's history, a joined one the others'.
        started: () => void service.now().catch((error: unknown) => deps.log(`sync: ${(error as Error).message}`)),
      },
      deps.dataDir,
    ),
    close: async () => {
      offSettings();
      socket?.close();
      await service.close();
    },
  };
};
