// SPDX-License-Identifier: MIT
import { fileURLToPath } from 'node:url';
import { startCore } from '../app/create-core';
import { resolveDataDir } from '../app/data-dir';
import { acquireDataDirLock } from '../app/data-dir-lock';
import { parseWebArgs, WEB_USAGE } from './args';
import { BrowserLauncher, resolveToken } from './launch';
import { startWebServer } from './server';

declare const __APP_VERSION__: string;

const main = async () => {
  const args = parseWebArgs(process.argv.slice(2), process.env);
  if (args.help) return console.log(WEB_USAGE);
  if (args.tokenSource?.kind === 'argv') {
    console.error('contexterm: --token is visible to other users on the process list; prefer --token-file or CONTEXTERM_TOKEN');
  }
  const token = resolveToken(args.tokenSource);
  const dataDir = resolveDataDir(args.dataDir);
  // Before anything opens the store: a second instance's start-up sweep would end this directory's
  // live sessions. A refusal (DataDirLockedError) reaches the catch below, which prints
  // `contexterm: <message>` and exits 1 with no server started and no address printed. Paths that
  // end in process.exit() without a release are covered by the lock's own exit hook.
  const lock = acquireDataDirLock(dataDir);
  // The store opens in its worker while the server starts listening: the address is printed as
  // soon as a page can load, and whatever the page asks before the core is ready waits for it.
  const core = startCore({ host: 'web', version: __APP_VERSION__, dataDir });
  const server = await startWebServer({
    core,
    rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)),
    port: args.port,
    ...(token ? { token } : {}),
    log: (message) => console.error(message),
  });
  console.log(`Contexterm (browser mode) is running at ${server.url}`);
  const launcher = new BrowserLauncher(dataDir);
  if (args.open) launcher.open(server.url, () => console.log('Open the address above in your browser.'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`contexterm: ${signal}, shutting down`);
    launcher.dispose();
    await server.close();
    await core.shutdown();
    lock.release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await core.ready;
  } catch (error) {
    launcher.dispose();
    lock.release();
    throw error;
  }
  for (const notice of core.notices) console.log(`contexterm: ${notice}`);
};

main().catch((error: unknown) => {
  console.error(`contexterm: ${(error as Error)?.message ?? String(error)}`);
  process.exit(1);
});
