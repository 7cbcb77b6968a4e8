// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Secrets for the processes we start (the keeper's drain nonce, a shell's mark nonce) travel in
 * files, never in the environment or argv: a process's initial environment stays readable in
 * /proc/<pid>/environ for its whole life (`ps eww` on macOS), whatever its script unsets, and argv
 * is public. node-pty cannot hand a child an extra file descriptor, so each secret goes in a 0600
 * file in a 0700 directory of this process; only the path is passed on, and the reader deletes the
 * file at start-up. A file nobody reads (the spawn failed, a shell that never got to our script) is
 * deleted after SECRET_TTL_MS, when its pty exits, or with the directory when this process exits.
 */
const SECRET_TTL_MS = 60_000;

let directory: string | undefined;
let cleanupInstalled = false;
const pending = new Map<string, NodeJS.Timeout>();

/** XDG_RUNTIME_DIR is per user, 0700 and in memory; only trusted when it really is all three of ours. */
const runtimeBase = (): string => {
  const runtime = process.env.XDG_RUNTIME_DIR;
  if (runtime && typeof process.getuid === 'function') {
    try {
      const stat = statSync(runtime);
      if (stat.isDirectory() && stat.uid === process.getuid() && (stat.mode & 0o077) === 0) return runtime;
    } catch {
      // Gone or unreadable: the OS temp dir will do.
    }
  }
  return tmpdir();
};

const privateDirectory = (): string => {
  if (directory) return directory;
  // mkdtemp makes an unguessable name with O_EXCL semantics; chmod in case a platform is laxer.
  const created = mkdtempSync(join(runtimeBase(), 'contexterm-'));
  chmodSync(created, 0o700);
  directory = created;
  if (!cleanupInstalled) {
    cleanupInstalled = true;
    process.once('exit', () => directory && rmSync(directory, { recursive: true, force: true }));
  }
  return created;
};

const create = (value: string): string => {
  const path = join(privateDirectory(), randomBytes(12).toString('hex'));
  // `wx`: never follow or reuse something already there; the mode only narrows under any umask.
  writeFileSync(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
  return path;
};

/** Writes `value` (one line) to a new private file and returns its path. */
export const writeSecret = (value: string): string => {
  let path: string;
  try {
    path = create(value);
  } catch (error) {
    // A temp cleaner may have removed the directory of a long-running app: make a new one, once.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    directory = undefined;
    path = create(value);
  }
  const timer = setTimeout(() => discardSecret(path), SECRET_TTL_MS);
  timer.unref();
  pending.set(path, timer);
  return path;
};

/** Deletes a secret file, read or not. */
export const discardSecret = (path: string): void => {
  clearTimeout(pending.get(path));
  pending.delete(path);
  rmSync(path, { force: true });
};

/** Deletes every secret file whose path is a value of `env` (a launch that is over, or never was). */
export const discardSecretsIn = (env: Readonly<Record<string, string>>): void => {
  for (const value of Object.values(env)) if (pending.has(value)) discardSecret(value);
};
