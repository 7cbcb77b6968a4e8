// SPDX-License-Identifier: MIT
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, type DataDirLock, type LockHolder } from './data-dir-lock';

/** As in data-dir-lock.ts. */
const GARBAGE_GRACE_MS = 5_000;

/** Field 22 (starttime) of /proc/PID/stat, read independently of the module under test. */
const startOf = (pid: number): number => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[19]);
};

let dir: string;
const children: ChildProcess[] = [];
const locks: DataDirLock[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ct-lock-'));
});
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const lockPath = () => join(dir, LOCK_FILE);
const acquire = () => {
  const lock = acquireDataDirLock(dir);
  locks.push(lock);
  return lock;
};
const readHolder = () => JSON.parse(readFileSync(lockPath(), 'utf8')) as LockHolder;
const writeHolder = (holder: Partial<LockHolder>) =>
  writeFileSync(lockPath(), JSON.stringify({ hostname: hostname(), startedAt: Date.now(), processStart: null, ...holder }), {
    mode: 0o600,
  });

/** A live process that is not this one: another Contexterm, as far as the lock can tell. */
const liveChild = async (): Promise<ChildProcess & { pid: number }> => {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child as ChildProcess & { pid: number };
};

/** The pid of a process that has exited and been reaped. */
const deadPid = async (): Promise<number> => {
  const child = spawn('true', { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
};

const refusal = (): DataDirLockedError => {
  try {
    acquire();
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirLockedError);
    return error as DataDirLockedError;
  }
  throw new Error('the lock was granted');
};

describe('acquireDataDirLock', () => {
  it('writes who holds the directory, private to the user, and release removes it', () => {
    const lock = acquire();
    expect(lock.path).toBe(lockPath());
    const holder = readHolder();
    expect(holder).toMatchObject({ pid: process.pid, hostname: hostname(), processStart: startOf(process.pid) });
    expect(Math.abs(holder.startedAt - Date.now())).toBeLessThan(60_000);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    lock.release();
    expect(existsSync(lockPath())).toBe(false);
    // Released: the directory can be taken again.
    acquire().release();
  });

  it('refuses a second acquire in the same process', () => {
    acquire();
    const error = refusal();
    expect(error.code).toBe('failed');
    expect(error.holder?.pid).toBe(process.pid);
  });

  it('refuses a directory held by another live process, naming its pid and the way out', async () => {
    const child = await liveChild();
    writeHolder({ pid: child.pid, processStart: startOf(child.pid), startedAt: new Date().setHours(17, 3) });
    const error = refusal();
    expect(error.message).toBe(
      `Another Contexterm (pid ${child.pid}, started 17:03) is using ${dir}. Close it first, or start this one with --data-dir pointing elsewhere.`,
    );
    // The refusal left the holder's lock exactly as it was.
    expect(readHolder().pid).toBe(child.pid);
  });

  it('takes over the lock of a process that died without releasing it', async () => {
    writeHolder({ pid: await deadPid(), processStart: 1 });
    acquire();
    expect(readHolder().pid).toBe(process.pid);
    // Nothing is left aside.
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it('takes over a lock whose pid now belongs to another process (recycled pid)', async () => {
    const child = await liveChild();
    writeHolder({ pid: child.pid, processStart: startOf(child.pid) + 1 });
    acquire();
    expect(readHolder().pid).toBe(process.pid);
  });

  it('takes over a lock held by a killed process its parent has not reaped yet (a zombie)', async () => {
    // A child of `sh` that `sh` never waits for: it stays a zombie until sh exits.
    const parent = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent);
    const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
    const pid = Number(line.toString().trim());
    // Only once sh has become `sleep` is nobody left to reap the child.
    await expect.poll(() => readFileSync(`/proc/${parent.pid}/comm`, 'utf8')).toBe('sleep\n');
    const start = startOf(pid);
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
    writeHolder({ pid, processStart: start });
    acquire();
    expect(readHolder().pid).toBe(process.pid);
  });

  it('refuses another host’s lock (its pid cannot be checked) and says how to clear it by hand', async () => {
    writeHolder({ pid: await deadPid(), hostname: `not-${hostname()}` });
    const error = refusal();
    expect(error.message).toContain(` on not-${hostname()}, started `);
    expect(error.message).toContain(`If it is no longer running, delete ${lockPath()}.`);
  });

  it('takes over an unreadable or garbage file older than the grace period', () => {
    for (const garbage of ['', '{"pid":', 'not json', JSON.stringify({ pid: 0, hostname: hostname(), startedAt: 1, processStart: null })]) {
      writeFileSync(lockPath(), garbage);
      const old = (Date.now() - GARBAGE_GRACE_MS - 5_000) / 1000;
      utimesSync(lockPath(), old, old);
      const lock = acquire();
      expect(readHolder().pid, garbage).toBe(process.pid);
      lock.release();
    }
  });

  it('leaves a stale lock to an instance taking it over right now, and clears a takeover a crash left behind', async () => {
    writeHolder({ pid: await deadPid(), processStart: 1 });
    writeFileSync(`${lockPath()}.takeover`, '1234');
    expect(refusal().message).toBe(
      `Another Contexterm is starting on ${dir} at the same moment. Close it first, or start this one with --data-dir pointing elsewhere.`,
    );
    const old = (Date.now() - GARBAGE_GRACE_MS - 5_000) / 1000;
    utimesSync(`${lockPath()}.takeover`, old, old);
    acquire();
    expect(readHolder().pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it('refuses a fresh garbage file: another instance may be writing it right now', () => {
    writeFileSync(lockPath(), '');
    const error = refusal();
    expect(error.message).toMatch(/^Another Contexterm is starting on /);
    expect(readFileSync(lockPath(), 'utf8')).toBe('');
  });

  it('release does not delete a lock that is no longer ours', async () => {
    const lock = acquire();
    const child = await liveChild();
    writeHolder({ pid: child.pid, processStart: startOf(child.pid) });
    lock.release();
    expect(readHolder().pid).toBe(child.pid);
  });

  it('an old handle of this process does not release a newer lock of the same process', () => {
    const first = acquire();
    first.release();
    acquire();
    first.release();
    expect(readHolder().pid).toBe(process.pid);
  });

  it('releases on process exit as a last resort, and stops listening once released', () => {
    const before = process.listeners('exit');
    const lock = acquire();
    const added = process.listeners('exit').filter((listener) => !before.includes(listener));
    expect(added).toHaveLength(1);
    // What Node runs at process.exit(): the lock file goes, and the handle is spent.
    (added[0] as (code: number) => void)(0);
    expect(existsSync(lockPath())).toBe(false);
    expect(process.listeners('exit')).toEqual(before);
    lock.release();
  });
});

describe('instances in separate processes', () => {
  /** Instances that all try to take `dir` the moment they read a line, then hold it until stdin ends. */
  const startInstances = async (count: number) => {
    const bundle = join(dir, 'lock.mjs');
    await build({
      entryPoints: [join(import.meta.dirname, 'data-dir-lock.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'silent',
    });
    const script = `import { acquireDataDirLock } from ${JSON.stringify(bundle)};
      console.log('ready');
      process.stdin.once('data', () => {
        try { acquireDataDirLock(${JSON.stringify(join(dir, 'data'))}); console.log('won'); }
        catch (error) { console.log('lost ' + error.message); }
      });`;
    const instances = Array.from({ length: count }, () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
      children.push(child);
      let out = '';
      const lines = (n: number) =>
        new Promise<string[]>((resolve) => {
          const check = () => out.split('\n').length > n && resolve(out.split('\n').slice(0, n));
          child.stdout!.on('data', (chunk: Buffer) => ((out += chunk.toString()), check()));
          check();
        });
      return { child, lines };
    });
    await Promise.all(instances.map(({ lines }) => lines(1)));
    return instances;
  };

  it('of several racing for a stale lock, exactly one wins; the others name it', async () => {
    const data = join(dir, 'data');
    const instances = await startInstances(6);
    acquireDataDirLock(data).release();
    writeFileSync(join(data, LOCK_FILE), JSON.stringify({ pid: await deadPid(), hostname: hostname(), startedAt: 1, processStart: 1 }));
    for (const { child } of instances) child.stdin!.write('go\n');
    const outcomes = await Promise.all(instances.map(async ({ lines }) => (await lines(2))[1]!));
    const winners = instances.filter((_, index) => outcomes[index] === 'won');
    expect(winners, outcomes.join('\n')).toHaveLength(1);
    const winner = winners[0]!.child.pid!;
    expect(JSON.parse(readFileSync(join(data, LOCK_FILE), 'utf8')).pid).toBe(winner);
    for (const outcome of outcomes.filter((line) => line !== 'won')) {
      expect(outcome).toMatch(new RegExp(`^lost Another Contexterm (\\(pid ${winner}, |is starting on )`));
    }
    expect(readdirSync(data)).toEqual([LOCK_FILE]);
    // The winner exits without calling release(): the exit hook removes the lock.
    const exited = once(winners[0]!.child, 'exit');
    winners[0]!.child.stdin!.end();
    await exited;
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);
  });
});
