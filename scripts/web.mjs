// SPDX-License-Identifier: MIT
// `npm run web -- [--port N] [--data-dir DIR] [--no-open] [--token T]`: browser mode.
import { spawn } from 'node:child_process';
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
const child = spawn(process.execPath, [new URL('../dist/node/web.mjs', import.meta.url).pathname, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// Forward termination so SIGTERM to npm's child reaches the server's clean shutdown.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
