// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '../../shared/ipc/define';
import { checkDataDir } from './data-dir-trust';

/**
 * One owner per data directory. Two instances on one directory share one database, and the second
 * one's start-up sweep ends the first one's live sessions while they keep writing. The lock is a
 * file created with O_EXCL (`wx`): the kernel, not a check-then-create, decides who owns it. It
 * must be taken before the store opens, in every host (browser mode and Electron can share a dir,
 * which Electron's own single-instance lock does not see).
 */
export const LOCK_FILE = 'contexterm.lock';

/**
 * An unparseable lock may be one another instance has just created and not yet written (create and
 * write are two syscalls), so it is only abandoned — a crash mid-write — once it is this old.
 */
const GARBAGE_GRACE_MS = 5_000;

/** Each round either creates the lock or removes one stale file; a few rounds settle any race. */
const ATTEMPTS = 5;
const DEFAULT_ADVICE = 'Close it first, or start this one with --data-dir pointing elsewhere.';

export interface LockHolder {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: number; // epoch ms, for the message
  /** Field 22 of /proc/PID/stat (clock ticks after boot); null off Linux. Tells a recycled pid apart. */
  readonly processStart: number | null;
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock if it is still ours; never throws (a leftover lock with a dead pid is stale anyway). */
  release(): void;
}

export class DataDirLockedError extends DomainError {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | undefined,
    message: string,
  ) {
    super('failed', message); // expected, and outside this instance's control
    this.name = 'DataDirLockedError';
  }
}

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** State (field 3) and start time (field 22) of a process; the comm field may hold spaces and ')'. */
const procStat = (pid: number | 'self'): { state: string; start: number } | 'gone' | undefined => {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return errno(error) === 'ENOENT' ? 'gone' : undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const start = Number(fields[19]);
  return fields[0] && Number.isSafeInteger(start) ? { state: fields[0], start } : undefined;
};

const parseHolder = (raw: string): LockHolder | undefined => {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    // A pid of 0 or below would make kill(pid, 0) probe a whole process group: such a file is garbage.
    if (!Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return undefined;
    if (typeof value.hostname !== 'string' || !Number.isFinite(value.startedAt)) return undefined;
    if (value.processStart !== null && !Number.isSafeInteger(value.processStart)) return undefined;
    return value as LockHolder;
  } catch {
    return undefined;
  }
};

type Read = {
  readonly kind: 'read';
  readonly raw: string;
  readonly ino: number;
  readonly mtimeMs: number;
  readonly holder: LockHolder | undefined;
};
type Found = { readonly kind: 'gone' } | Read;

/** Content and identity read through one descriptor, so they belong to the same file. */
const readLock = (path: string): Found => {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if (errno(error) === 'ENOENT') return { kind: 'gone' };
    if (errno(error) !== 'EACCES' && errno(error) !== 'EPERM') throw error;
    // Unreadable: judged like garbage, by its age (stat needs no read permission).
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat ? { kind: 'read', raw: '', ino: stat.ino, mtimeMs: stat.mtimeMs, holder: undefined } : { kind: 'gone' };
  }
  try {
    const { ino, mtimeMs } = fstatSync(fd);
    const raw = readFileSync(fd, 'utf8');
    return { kind: 'read', raw, ino, mtimeMs, holder: parseHolder(raw) };
  } finally {
    closeSync(fd);
  }
};

/** Whether the process that wrote the lock is still the one running under its pid. */
const holderAlive = (holder: LockHolder, me: LockHolder): boolean => {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // ESRCH: no such process. EPERM: alive, owned by another user. Anything else: assume alive.
    if (errno(error) === 'ESRCH') return false;
  }
  // Without /proc (macOS, or not mounted) kill() is all we can know.
  if (me.processStart === null) return true;
  const stat = procStat(holder.pid);
  if (stat === 'gone') return false; // exited between the two looks
  if (stat === undefined) return true;
  // A zombie answers kill(pid, 0) but holds nothing: a crashed instance its parent has not reaped yet.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  // After a crash and reboot (or wrap-around) the pid may belong to an unrelated process.
  return holder.processStart === null || stat.start === holder.processStart;
};

const isStale = (found: Read, me: LockHolder): boolean => {
  if (!found.holder) return Date.now() - found.mtimeMs > GARBAGE_GRACE_MS;
  // Another machine's pid (a shared home over NFS) cannot be checked from here: never steal it.
  return found.holder.hostname === me.hostname && !holderAlive(found.holder, me);
};

/** The very file we judged: inode numbers are reused at once, so the mtime and bytes count too. */
const sameFile = (now: Found, judged: Read): boolean =>
  now.kind === 'read' && now.ino === judged.ino && now.mtimeMs === judged.mtimeMs && now.raw === judged.raw;

/**
 * Clears an abandoned takeover file (see takeOver): renamed aside (atomic) and deleted only if it is
 * the file we judged, otherwise linked back (link never overwrites). Its one hole, a third instance
 * creating the file during that put-back, needs a crash inside takeOver's microseconds first.
 */
const moveAside = (path: string, judged: Read): void => {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errno(error) === 'ENOENT') return; // someone else cleared it
    throw error;
  }
  try {
    if (!sameFile(readLock(aside), judged)) linkSync(aside, path);
  } catch {
    // EEXIST: a newer one already took the path; that one decides.
  }
  unlinkSync(aside);
};

/**
 * Removes a stale lock. Unlinking right after our judgement could delete a live lock: another
 * instance may have removed the stale one and created its own in between (a race test caught it).
 * So another's lock is removed only under a second O_EXCL file, `contexterm.lock.takeover`, after
 * re-reading it there: only that holder may turn the path from the stale file into anything else.
 * Returns false when another instance holds the takeover now: it is racing us for the directory.
 */
const takeOver = (path: string, stale: Read): boolean => {
  const takeover = `${path}.takeover`;
  if (!create(takeover, String(process.pid))) {
    // Held for microseconds; one left by a crash inside them is cleared once it is old.
    const held = readLock(takeover);
    if (held.kind === 'read' && Date.now() - held.mtimeMs <= GARBAGE_GRACE_MS) return false;
    if (held.kind === 'read') moveAside(takeover, held);
    return true;
  }
  try {
    if (sameFile(readLock(path), stale)) unlinkSync(path);
  } finally {
    unlinkSync(takeover);
  }
  return true;
};

/** Creates the file with `content`, or returns false if it exists. */
const create = (path: string, content: string): boolean => {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if (errno(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } catch (error) {
    unlinkSync(path); // a half-written lock would refuse everyone for the grace period
    throw error;
  } finally {
    closeSync(fd);
  }
  return true;
};

const clock = (ms: number): string => {
  const at = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const today = new Date().toDateString() === at.toDateString();
  return today ? time : `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${time}`;
};

const lockedError = (dir: string, path: string, { holder }: Read, me: LockHolder, advice: string) => {
  if (!holder)
    return new DataDirLockedError(
      dir,
      undefined,
      `Another Contexterm is starting on ${dir} (its lock file ${path} is being written). ${advice}`,
    );
  const where = holder.hostname === me.hostname ? '' : ` on ${holder.hostname}`;
  // Its liveness cannot be checked from here, so the user is told how to clear it by hand.
  const remote = where ? ` If it is no longer running, delete ${path}.` : '';
  const message = `Another Contexterm (pid ${holder.pid}${where}, started ${clock(holder.startedAt)}) is using ${dir}. ${advice}${remote}`;
  return new DataDirLockedError(dir, holder, message);
};

const holdLock = (path: string, ours: string): DataDirLock => {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      // Only our own bytes: a lock taken over after we were judged dead (or a later one of this
      // same process) belongs to someone else now.
      const found = readLock(path);
      if (found.kind === 'read' && found.raw === ours) unlinkSync(path);
    } catch {
      // Best effort: what stays behind names our pid, which is dead by the next start.
    }
  };
  // The last resort for paths that end in process.exit(); a kill -9 is left to the stale check.
  process.on('exit', release);
  return { path, release };
};

/**
 * Takes the data directory or throws DataDirLockedError, or DataDirTrustError (checked here: every host locks
 * before it opens the store). Messages are for the user as they are; `advice` ends a lock refusal's.
 */
export const acquireDataDirLock = (dir: string, advice = DEFAULT_ADVICE): DataDirLock => {
  checkDataDir(dir);
  const path = join(dir, LOCK_FILE);
  const self = procStat('self');
  const me: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: Date.now(),
    processStart: typeof self === 'object' ? self.start : null,
  };
  const ours = JSON.stringify(me);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (create(path, ours)) return holdLock(path, ours);
    const found = readLock(path);
    if (found.kind === 'gone') continue; // released between our create and our read
    if (!isStale(found, me)) throw lockedError(dir, path, found, me, advice);
    if (!takeOver(path, found)) break;
  }
  throw new DataDirLockedError(dir, undefined, `Another Contexterm is starting on ${dir} at the same moment. ${advice}`);
};
