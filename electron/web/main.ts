// SPDX-License-Identifier: MIT
import { fileURLToPath } from 'node:url';
import { startCore } from '../app/create-core';
import { resolveDataDir } from '../data-dir/data-dir';
import { acquireDataDirLock } from '../data-dir/data-dir-lock';
import { describeStartupFailure, installProcessGuards, type StartupFailure } from '../app/main-failures';
import { limitNativeArenas } from '../runtime/native-memory';
import { raiseMainFaults } from '../runtime/test-faults';
import { parseWebArgs, WEB_USAGE } from './args';
import { BrowserLauncher, resolveToken } from './launch';
import { startWebServer, type WebServer } from './server';

declare const __APP_VERSION__: string;

// First: from here on a stray rejection or exception is logged, not the end of every terminal.
installProcessGuards((message) => console.error(`contexterm: ${message}`));
// Before any worker thread starts (see limitNativeArenas).
limitNativeArenas();

/** Past the arguments: a failure from here on is the app failing to start (see the catch below). */
let starting = false;

const main = async () => {
  const args = parseWebArgs(process.argv.slice(2), process.env);
  if (args.help) return console.log(WEB_USAGE);
  if (args.tokenSource?.kind === 'argv') {
    console.error('contexterm: --token is visible to other users on the process list; prefer --token-file or CONTEXTERM_TOKEN');
  }
  const token = resolveToken(args.tokenSource);
  const dataDir = resolveDataDir(args.dataDir);
  starting = true;
  // Before anything opens the store: a second instance's start-up sweep would end this directory's
  // live sessions. A refusal (DataDirLockedError) reaches the catch at the end, which prints
  // `contexterm: <message>` and exits 1 with no server started and no address printed.
  const lock = acquireDataDirLock(dataDir);
  // The server listens and prints its address first; the core (its code, the store's worker, the
  // mirrors) starts right after, while the user's browser opens the page. Whatever the page asks
  // before the core is ready waits for it (create-core.ts deferredRouter).
  let listening: () => void = () => undefined;
  const core = startCore({ host: 'web', version: __APP_VERSION__, dataDir }, new Promise<void>((resolve) => (listening = resolve)));
  let server: WebServer | undefined;
  let launcher: BrowserLauncher | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`contexterm: ${signal}, shutting down`);
    launcher?.dispose();
    await server?.close();
    listening();
    await core.shutdown();
    lock.release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    server = await startWebServer({
      core,
      rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)),
      port: args.port,
      ...(token ? { token } : {}),
      log: (message) => console.error(message),
    });
    console.log(`Contexterm (browser mode) is running at ${server.url}`);
    listening();
    launcher = new BrowserLauncher(dataDir);
    if (args.open) launcher.open(server.url, () => console.log('Open the address above in your browser.'));
    await core.ready;
  } catch (error) {
    // Whatever failed (the store would not open, the port is taken), nothing is left behind: the
    // server closed, the part of the core that started shut down, the data directory released.
    stopping = true;
    launcher?.dispose();
    await server?.close();
    listening();
    await core.shutdown();
    lock.release();
    throw error;
  }
  for (const notice of core.notices) console.log(`contexterm: ${notice}`);
  raiseMainFaults();
};

main().catch((error: unknown) => {
  // Argument errors are the user's to fix and say so themselves; after them, see main-failures.ts.
  const failure: StartupFailure = starting ? describeStartupFailure(error) : { message: (error as Error)?.message ?? String(error) };
  if (failure.detail) console.error(failure.detail);
  console.error(`contexterm: ${failure.message}`);
  process.exit(1);
});
