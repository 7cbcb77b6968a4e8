// SPDX-License-Identifier: MIT
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run web` and `npm start` as a user runs them: npm starts `sh -c "node scripts/…"`, which
 * starts the launcher, which starts the server. Signals and failures must cross every hop.
 */
const root = new URL('../../..', import.meta.url).pathname;
const URL_PATTERN = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=[\w.~%-]+/;

interface Launched {
  readonly child: ChildProcess;
  readonly dataDir: string;
  output(): string;
}

const launched: Launched[] = [];
const scratch: string[] = [];

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

/** Pids of this test's own processes still alive: those whose command line names its unique data dir. */
const processesUsing = (dataDir: string): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
      } catch {
        return false;
      }
    })
    .map(Number);

afterEach(() => {
  // Whatever a failed run left behind, by pid: never anyone else's processes.
  for (const { dataDir } of launched.splice(0)) for (const pid of processesUsing(dataDir)) process.kill(pid, 'SIGKILL');
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const launch = (command: string, args: readonly string[], env: Record<string, string | undefined> = {}, ownGroup = false): Launched => {
  const dataDir = tempDir('ct-launch-data-');
  const merged: Record<string, string | undefined> = { ...process.env, HOME: tempDir('ct-launch-home-'), SHELL: '/bin/bash', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(command, [...args, '--port', '0', '--no-open', '--data-dir', dataDir], {
    cwd: root,
    env: merged as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, like a job a terminal starts, so Ctrl+C can be sent to all of it.
    detached: ownGroup,
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const entry = { child, dataDir, output: () => text };
  launched.push(entry);
  return entry;
};

/** Resolves with the server's port once the URL is printed; a build may run first. */
const serverPort = (run: Launched): Promise<number> =>
  new Promise((resolve, reject) => {
    const check = () => {
      const match = URL_PATTERN.exec(run.output());
      if (!match) return false;
      resolve(Number(match[1]));
      return true;
    };
    if (check()) return;
    const onData = () => check() && cleanup();
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`exited with ${code} before printing its URL:\n${run.output()}`));
    };
    const cleanup = () => {
      run.child.stdout!.off('data', onData);
      run.child.stderr!.off('data', onData);
      run.child.off('exit', onExit);
    };
    run.child.stdout!.on('data', onData);
    run.child.stderr!.on('data', onData);
    run.child.once('exit', onExit);
  });

/** True once nothing accepts connections on the port. */
const refuses = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit').then(() => undefined);

/** The pid npm started for the script (its `sh -c`), read from /proc. */
const childOf = (pid: number): number => {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  expect(children.length).toBeGreaterThan(0);
  return Number(children[0]);
};

describe('npm run web', () => {
  it.each([
    ['SIGTERM', 'npm'],
    ['SIGTERM', 'the shell npm started'],
    ['SIGHUP', 'the shell npm started'],
    ['SIGINT', 'npm’s whole process group (Ctrl+C)'],
  ] as const)('stops the server on %s to %s, and nothing it started outlives it', async (signal, target) => {
    const run = launch('npm', ['run', 'web', '--'], {}, target.startsWith('npm’s whole'));
    const port = await serverPort(run);
    const npm = run.child.pid!;
    if (target === 'npm') process.kill(npm, signal);
    else if (target === 'the shell npm started') process.kill(childOf(npm), signal);
    else process.kill(-npm, signal);
    await exitOf(run.child);
    await expect.poll(() => refuses(port), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => processesUsing(run.dataDir), { timeout: 15_000 }).toEqual([]);
  });
});

describe('npm start where Electron cannot be fetched', () => {
  const electronInstalled = existsSync(join(root, 'node_modules', 'electron', 'path.txt'));

  it.skipIf(electronInstalled)('says why in one line, without a stack trace, and serves browser mode', async () => {
    const run = launch(process.execPath, ['scripts/start.mjs'], {
      // Port 9 (discard) on loopback refuses at once: the fetch fails as it does offline.
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      electron_config_cache: tempDir('ct-electron-cache-'),
      CI: undefined,
      CONTEXTERM_NO_ELECTRON: undefined,
    });
    await serverPort(run);
    const before = run.output().slice(0, URL_PATTERN.exec(run.output())!.index);
    expect(before).not.toMatch(/TypeError|Error:/);
    expect(before).not.toMatch(/^\s+at /m);
    const lines = before.split('\n').filter((line) => line.trim() !== '');
    const reason = lines.filter((line) => /could not|failed|unavailable/i.test(line));
    expect(reason, before).toHaveLength(1);
    for (const part of [/^contexterm: /, /Electron/, /fetch failed/, /browser mode/]) expect(reason[0]).toMatch(part);
    run.child.kill('SIGTERM');
    await exitOf(run.child);
  });
});
