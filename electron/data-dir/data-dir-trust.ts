// SPDX-License-Identifier: MIT
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../../shared/ipc/define';

/**
 * The data directory holds the whole recorded history and, in browser mode, the API keys: whoever
 * controls it reads them, or plants a lock, a database or a `run/` symlink that makes us write,
 * chmod or delete somewhere else (as root, anywhere). So, as ssh does for ~/.ssh, we refuse what is
 * not ours instead of fixing it up, before anything in it is opened.
 *
 * Symbolic links: the data directory itself may be one (~/.local/share on another disk, a dotfiles
 * manager) when the link is yours (or root's) and what it points to is a directory you own; the
 * user chose that place. Nothing inside it may be one: Contexterm never makes a link there, so one
 * was put there by someone or something else, and following it is exactly the attack.
 */
export class DataDirTrustError extends DomainError {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super('failed', message); // expected, and only the user (or an admin) can fix it
    this.name = 'DataDirTrustError';
  }
}

/**
 * What Contexterm creates in the data directory, by owner: the lock (data-dir-lock.ts), the store
 * (store.ts, open-database.ts), the keys (key-store.ts, Electron's keys.bin), ssh-wiring's prefs.
 * Only these are checked: Electron's userData also holds Chromium's own files, links among them.
 */
export const DATA_DIR_FILES: Readonly<Record<string, string>> = {
  'contexterm.lock': 'lock file',
  'contexterm.lock.takeover': 'lock file',
  'contexterm.db': 'database file',
  'contexterm.db-wal': 'database file',
  'contexterm.db-shm': 'database file',
  'keys.json': 'key file',
  'keys.bin': 'key file',
  'ssh-integration-off': 'settings file',
};

export const RUN_DIR = 'run';

const PRIVATE_DIR = 0o700;

// Windows has no uids (and no O_NOFOLLOW): ownership is not checked there.
const myUid = (): number | undefined => process.getuid?.();
const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

const notMine = (stat: Stats): string | undefined => {
  const uid = myUid();
  return uid === undefined || stat.uid === uid ? undefined : `owned by uid ${stat.uid}, not you (uid ${uid})`;
};

const refuse = (what: string, path: string, why: string): DataDirTrustError =>
  new DataDirTrustError(path, `Refusing ${what} ${path}: ${why}. Check who made it, or use another data directory.`);

const linkTarget = (path: string): string => {
  try {
    return readlinkSync(path);
  } catch {
    return '?';
  }
};

/** Why a directory (seen through `stat`) is not a private place of ours to use, or undefined. */
const dirProblem = (stat: Stats, path: string, shown: string): string | undefined => {
  const via = path === shown ? '' : `it is a symbolic link to ${path}, which is `;
  if (!stat.isDirectory()) return `${via}not a directory`;
  const foreign = notMine(stat);
  return foreign ? `${via}${foreign}` : undefined;
};

/**
 * Checks the directory, then opens it without following a link and makes it 0700 through that
 * descriptor, after making sure it is the very directory checked: a link swapped in meanwhile is
 * never entered, and no chmod ever lands on a file a link points to.
 */
const securePrivateDir = (what: string, stat: Stats, path: string, shown: string): void => {
  const problem = dirProblem(stat, path, shown);
  if (problem) throw refuse(what, shown, problem);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    throw refuse(what, shown, `it cannot be opened (${errno(error) ?? 'error'})`);
  }
  try {
    const opened = fstatSync(fd);
    if (opened.ino !== stat.ino || opened.dev !== stat.dev) throw refuse(what, shown, 'it was replaced while being checked');
    if ((opened.mode & 0o777) !== PRIVATE_DIR) fchmodSync(fd, PRIVATE_DIR);
  } finally {
    closeSync(fd);
  }
};

const lstatOf = (path: string): Stats | undefined => lstatSync(path, { throwIfNoEntry: false });

/**
 * Makes `path` a private directory of ours (created 0700 if missing, unless `create` is false) or
 * throws DataDirTrustError. `linkAllowed`: whether `path` itself may be a link of ours to a
 * directory of ours (see above).
 */
export const ensurePrivateDir = (what: string, path: string, linkAllowed = false, create = true): void => {
  let stat = lstatOf(path);
  if (!stat) {
    if (!create) return;
    mkdirSync(path, { recursive: true, mode: PRIVATE_DIR });
    stat = lstatOf(path)!;
  }
  if (!stat.isSymbolicLink()) return securePrivateDir(what, stat, path, path);
  if (!linkAllowed) throw refuse(what, path, `it is a symbolic link (to ${linkTarget(path)}), which Contexterm never makes`);
  // Root's links (a system-wide layout) cannot be changed by anyone who could not change anything anyway.
  if (stat.uid !== 0 && notMine(stat)) throw refuse(what, path, `it is a symbolic link ${notMine(stat)}`);
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    throw refuse(
      what,
      path,
      `it is a symbolic link to ${linkTarget(path)}, which ${errno(error) === 'ENOENT' ? 'does not exist' : 'cannot be followed'}`,
    );
  }
  securePrivateDir(what, lstatSync(real), real, path);
};

/** A file Contexterm creates: absent, or a regular file of ours (never a link, whatever it points to). */
const checkOwnFile = (what: string, path: string): void => {
  const stat = lstatOf(path);
  if (!stat) return;
  if (stat.isSymbolicLink()) throw refuse(what, path, `it is a symbolic link (to ${linkTarget(path)}), which Contexterm never makes`);
  if (!stat.isFile()) throw refuse(what, path, 'not a regular file');
  const foreign = notMine(stat);
  if (foreign) throw refuse(what, path, foreign);
};

export interface DataDirCheck {
  /**
   * Create a missing data directory (the app). The CLI and the MCP server (electron/cli/history-db.ts)
   * only read one: for them a missing directory is left missing, and they say no database is there.
   */
  readonly create?: boolean;
}

/**
 * The data directory and what Contexterm keeps in it, checked before anything is opened there, by
 * every host alike: the app, browser mode, the CLI and the MCP server. Its mode is fixed first: after
 * that only we (and root) can add entries, so what is checked here stays as checked for the life of
 * the process (for a reader too: a 0777 directory of ours would let anyone swap the database in
 * between the check and the open).
 */
export const checkDataDir = (dir: string, { create = true }: DataDirCheck = {}): void => {
  ensurePrivateDir('data directory', dir, true, create);
  if (!lstatOf(dir)) return;
  if (lstatOf(join(dir, RUN_DIR))) ensurePrivateDir('run directory', join(dir, RUN_DIR));
  for (const [name, what] of Object.entries(DATA_DIR_FILES)) checkOwnFile(what, join(dir, name));
};
