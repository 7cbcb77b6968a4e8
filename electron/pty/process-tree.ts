// SPDX-License-Identifier: MIT
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every process of a session (Linux: /proc/<pid>/stat field 6). Killing only the shell's process
 * group leaves background jobs and their own groups as orphans that keep ports and files busy, so
 * closing a tab ends the whole session the pty leads.
 */
export const sessionMembers = (sessionId: number): number[] => {
  const members: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return members;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    const stat = readStat(pid);
    if (stat?.sid === sessionId && stat.state !== 'Z') members.push(pid);
  }
  return members;
};

/**
 * Whether `pid` has any child, zombies included (a child not yet waited for has not finished as
 * far as its parent is concerned). Linux reads the kernel's list of the thread's children, else
 * every process's parent; other systems ask ps. Undefined when nothing can tell.
 */
export const hasChildren = async (pid: number): Promise<boolean | undefined> => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim() !== '';
  } catch {
    // No such process, or a kernel without CONFIG_PROC_CHILDREN, or no /proc at all.
  }
  let entries: string[] | undefined;
  try {
    entries = readdirSync('/proc');
  } catch {
    return parentsFromPs().then((parents) => parents && parents.includes(pid));
  }
  return entries.some((entry) => /^\d+$/.test(entry) && readStat(Number(entry))?.ppid === pid);
};

const parentsFromPs = (): Promise<number[] | undefined> =>
  new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'ppid='], { timeout: 5000 }, (error, stdout) => {
      resolve(
        error
          ? undefined
          : stdout
              .split('\n')
              .map(Number)
              .filter((ppid) => Number.isInteger(ppid) && ppid > 0),
      );
    });
  });

/**
 * The process group in the foreground of `pid`'s controlling terminal (Linux: /proc/<pid>/stat
 * field 8, tpgid), or undefined when it cannot be read.
 */
export const foregroundGroup = (pid: number): number | undefined => readStat(pid)?.tpgid;

const readStat = (pid: number): { state: string; ppid: number; sid: number; tpgid: number } | undefined => {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // The command name (field 2) may contain spaces and parentheses: parse after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (field 3), so the parent (field 4) is fields[1], the session id (field 6) fields[3].
  const ppid = Number(fields[1]);
  const sid = Number(fields[3]);
  // The foreground process group of its terminal (field 8).
  const tpgid = Number(fields[5]);
  return fields[0] && Number.isInteger(sid) ? { state: fields[0], ppid, sid, tpgid } : undefined;
};

export const signalAll = (pids: readonly number[], signal: NodeJS.Signals): void => {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
};

/** Alive and not a zombie: an orphan's zombie lingers where pid 1 does not reap (containers). */
export const isAlive = (pid: number): boolean => {
  if (readStat(pid)?.state === 'Z') return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
