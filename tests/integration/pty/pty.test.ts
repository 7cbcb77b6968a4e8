// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../../electron/pty/process-tree';
import { startPty, type Harness } from '../support/pty-helpers';

const started: Harness[] = [];
const start = (...args: Parameters<typeof startPty>) => {
  const harness = startPty(...args);
  started.push(harness);
  return harness;
};
afterAll(async () => {
  await Promise.all(started.map((h) => h.manager.killAll()));
});

describe('pty manager with real bash', () => {
  it('round-trips typed input to output', async () => {
    const h = start();
    await h.waitFor('$ ');
    h.type('echo round-$((20+3))-trip\r');
    await h.waitFor('round-23-trip');
  });

  it('delivers resizes to the shell', async () => {
    const h = start();
    await h.waitFor('$ ');
    h.manager.resize(h.pty.id, 123, 41);
    h.type('echo "size=$(tput cols)x$(tput lines)"\r');
    await h.waitFor('size=123x41');
  });

  it('reports exit codes', async () => {
    const h = start();
    await h.waitFor('$ ');
    h.type('exit 7\r');
    expect(await h.exited()).toEqual({ exitCode: 7, signal: null });
  });

  it('closing a tab ends every process of its session, background jobs included', async () => {
    const h = start();
    await h.waitFor('$ ');
    // A job-controlled background job gets its own process group; a subshell's child escapes the
    // shell's job table entirely. Both must die with the tab.
    h.type('sleep 1001 & echo "job=$!"; (sleep 1002 & echo "orphan=$!"); trap "" HUP; echo "rea""dy"\r');
    const text = await h.waitFor(/\nready\r?\n/);
    const job = Number(/job=(\d+)/.exec(h.output())?.[1]);
    const orphan = Number(/orphan=(\d+)/.exec(h.output())?.[1]);
    expect(text).toBeTruthy();
    expect(isAlive(job) && isAlive(orphan)).toBe(true);
    await h.manager.kill(h.pty.id);
    expect([isAlive(h.pty.pid), isAlive(job), isAlive(orphan)]).toEqual([false, false, false]);
  });

  it.each([64 * 1024, 1024 * 1024, 10 * 1024 * 1024])('delivers every byte of a fast-exiting child (%i bytes)', async (size) => {
    const dir = mkdtempSync(join(tmpdir(), 'ct-drain-'));
    const file = join(dir, 'payload');
    // No newlines, so the tty's CR insertion cannot change the byte count.
    writeFileSync(file, Buffer.alloc(size, 'a'));
    for (let run = 0; run < (size > 1024 * 1024 ? 2 : 5); run++) {
      const h = start({ shell: '/bin/cat', args: [file] });
      expect(await h.exited(30_000)).toEqual({ exitCode: 0, signal: null });
      expect(h.bytes()).toBe(size);
    }
  });

  it('reports what runs in the foreground', async () => {
    const h = start();
    await h.waitFor('$ ');
    expect(h.pty.foregroundProcess()).toBe('bash');
    h.type('sleep 30\r');
    await expect.poll(() => h.pty.foregroundProcess(), { timeout: 5000 }).toBe('sleep');
    h.type('\x03');
    await expect.poll(() => h.pty.foregroundProcess(), { timeout: 5000 }).toBe('bash');
  });
});

it('names the program a terminal runs, not the keeper that holds the terminal for it', async () => {
  // A program without job control (a profile's `htop`, a shell still starting) stays in the
  // keeper's process group, so the keeper (a `sh`) is what the kernel has in the foreground.
  // Until the keeper has started the program there is only the keeper (a CI run asked too early
  // and got `sh`): wait for the program, which must then be named, never the keeper.
  const h = start({ shell: '/bin/sleep', args: ['5'] });
  await expect.poll(() => h.pty.foregroundProcess(), { timeout: 5000 }).toBe('sleep');
});

it('has the shells the later suites need', () => {
  expect(execFileSync('/bin/bash', ['-c', 'echo ok']).toString().trim()).toBe('ok');
});

describe('password input', () => {
  it('does not record what is typed while the terminal has echo off', async () => {
    const h = start();
    const typed: string[] = [];
    h.manager.observe({ bytes: (_id, direction, bytes) => direction === 0 && typed.push(bytes.toString()) });
    await h.waitFor('$ ');
    h.type('read -s -p "Password: " secret; echo "len=${#secret}"\r');
    await h.waitFor('Password: ');
    await expect.poll(() => h.pty.readsSecretInput(), { timeout: 5000 }).toBe(true);
    for (const key of 'hunter2-xyzzy') h.type(key);
    h.type('\r');
    await h.waitFor('len=13');
    expect(h.pty.readsSecretInput()).toBe(false);
    h.type('echo "vis""ible"\r');
    await h.waitFor(/visible\r?\n/);
    expect(typed.join('')).not.toContain('hunter2');
    expect(typed.join('')).toContain('echo "vis""ible"');
  });
});
