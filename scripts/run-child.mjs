// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];
/** How often to look for the launching shell's death; the cost is one getppid() call. */
const PARENT_POLL_MS = 200;

/**
 * npm runs a script through `sh -c "node scripts/…"`, and dash neither execs that last command nor
 * forwards signals: a `kill -TERM` of npm (which passes it on to the shell) or of the shell kills
 * only the shell, and this launcher, reparented, would keep the app running with nobody to stop it.
 * A signal sent to that shell never reaches us, but its death does: the parent pid changes.
 * Only under npm, where the shell outlives its script unless it is killed; a launcher someone
 * started in the background on purpose (`node scripts/web.mjs &` from a script that then exits)
 * must keep running.
 */
const watchLaunchingShell = (onGone) => {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, PARENT_POLL_MS);
  timer.unref();
};

/**
 * Runs the app as a child that owns the terminal, forwarding termination so a SIGTERM to npm's
 * process reaches the app's clean shutdown, and exits with the child's status.
 */
export const runForwarding = (command, args) => {
  const child = spawn(command, args, { stdio: 'inherit' });
  let forwarded = false;
  const forward = (signal) => {
    forwarded = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of SIGNALS) process.on(signal, () => forward(signal));
  // Which signal killed the shell is unknowable from here; SIGTERM is the app's clean shutdown.
  watchLaunchingShell(() => forwarded || forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
};

export const webEntry = new URL('../dist/node/web.mjs', import.meta.url).pathname;
