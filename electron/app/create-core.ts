// SPDX-License-Identifier: MIT
import type { Client, Router } from '../ipc/router';
import type { ComposedCore, CoreOptions } from './compose-core';

/**
 * A router that can take requests before the real one exists: they wait for it, in the order they
 * came (one promise chain), and once it is there calls go straight through. Requests that waited
 * for a core that failed to start are answered `internal` by the transport.
 */
export const deferredRouter = (ready: Promise<Router>): Router => {
  let router: Router | undefined;
  ready.then(
    (value) => (router = value),
    () => undefined,
  );
  return {
    invoke: (client, channel, payload) => router?.invoke(client, channel, payload) ?? ready.then((r) => r.invoke(client, channel, payload)),
    send: (client, channel, payload) => {
      if (router) return router.send(client, channel, payload);
      ready.then(
        (r) => r.send(client, channel, payload),
        () => undefined,
      );
    },
  };
};

export interface Core {
  readonly router: Router;
  /** Something the user should be told once a window is up (e.g. a corrupt database was replaced). */
  readonly notices: readonly string[];
  /** Settles once the store is open and every handler is wired; rejects with why the core could not start. */
  readonly ready: Promise<void>;
  /** Registers a renderer for broadcasts; it is dropped when it closes. */
  connect(client: Client): void;
  /**
   * A window's page began to load: if its start will open a new terminal, it opens now, while the
   * page loads (electron/ipc/start.ts). Before the core is ready, once it is.
   */
  pageOpening(): void;
  shutdown(): Promise<void>;
}

/**
 * Starts the core and returns at once, so a host can start listening while the store opens: the
 * router holds requests until `ready` (see deferredRouter), and renderers can connect meanwhile.
 * What the core is made of, and in which order, is compose-core.ts: imported here only when the
 * core starts, so a host's own start (the browser host's server, up to its printed address) does
 * not wait for every handler, schema and native module to load (scripts/build.mjs splits it off).
 * With `after`, the core starts once that settles (the browser host: once it listens).
 */
export const startCore = (options: CoreOptions, after: Promise<unknown> = Promise.resolve()): Core => {
  const log = options.log ?? ((message: string) => console.error(message));
  const notices: string[] = [];
  const clients = new Set<Client>();
  const composed: Promise<ComposedCore> = after
    .catch(() => undefined)
    .then(() => import('./compose-core'))
    .then(({ composeCore }) => composeCore(options, { notices, clients, log }));
  const ready = composed.then(() => undefined);
  // Handled here so a failure before the host awaits `ready` (it starts its server first) is not
  // an unhandled rejection; awaiting `ready` still throws it.
  ready.catch(() => undefined);
  let shutdown: Promise<void> | undefined;
  return {
    router: deferredRouter(composed.then((parts) => parts.router)),
    notices,
    ready,
    connect: (client) => {
      clients.add(client);
      client.onClose(() => clients.delete(client));
    },
    pageOpening: () =>
      void composed.then(
        (parts) => parts.pageOpening(),
        () => undefined,
      ),
    // A core that never started has nothing to stop.
    shutdown: () =>
      (shutdown ??= composed.then(
        (parts) => parts.shutdown(),
        () => undefined,
      )),
  };
};

/** The core once it is ready (the desktop host opens its window only then). */
export const createCore = async (options: CoreOptions): Promise<Core> => {
  const core = startCore(options);
  await core.ready;
  return core;
};
