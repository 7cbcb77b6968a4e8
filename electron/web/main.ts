// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createCore } from '../core/core';
import { resolveDataDir } from '../core/data-dir';
import { parseWebArgs, WEB_USAGE } from './args';
import { startWebServer } from './server';

declare const __APP_VERSION__: string;

const main = async () => {
  const args = parseWebArgs(process.argv.slice(2));
  if (args.help) return console.log(WEB_USAGE);
  const dataDir = resolveDataDir(args.dataDir);
  const core = await createCore({ host: 'web', version: __APP_VERSION__, dataDir });
  const server = await startWebServer({
    core,
    rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)),
    port: args.port,
    ...(args.token ? { token: args.token } : {}),
    log: (message) => console.error(message),
  });
  console.log(`Contexterm (browser mode) is running at ${server.url}`);
  for (const notice of core.notices) console.log(`contexterm: ${notice}`);
  if (args.open) openBrowser(server.url);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`contexterm: ${signal}, shutting down`);
    await server.close();
    await core.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
};

const openBrowser = (url: string) => {
  const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => console.log('Open the address above in your browser.'));
  child.unref();
};

main().catch((error: unknown) => {
  console.error(`contexterm: ${(error as Error)?.message ?? String(error)}`);
  process.exit(1);
});
