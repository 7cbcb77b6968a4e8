// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';

/**
 * Runs the app as a child that owns the terminal, forwarding termination so a SIGTERM to npm's
 * process reaches the app's clean shutdown, and exits with the child's status.
 */
export const runForwarding = (command, args) => {
  const child = spawn(command, args, { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
};

export const webEntry = new URL('../dist/node/web.mjs', import.meta.url).pathname;
