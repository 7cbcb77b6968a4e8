// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { isAlive } from '../../../electron/pty/process-tree';
import type { Harness } from './pty-helpers';

/**
 * A background job that prints the exit-drain sentinel with the best nonce it can get: the one in
 * an ancestor's environment if there is one, else `$1`, else a guess.
 */
const FORGE_DRAIN = [
  'sleep 0.5',
  'p=$$ n=',
  'while [ -n "$p" ] && [ "$p" -gt 1 ]; do',
  "  n=${n:-$(tr '\\000' '\\n' < /proc/$p/environ 2>/dev/null | sed -n 's/^CONTEXTERM_DRAIN_NONCE=//p')}",
  "  p=$(sed 's/.*) [A-Za-z] \\([0-9]*\\) .*/\\1/' /proc/$p/stat 2>/dev/null)",
  'done',
  'printf \'\\033]777;contexterm-drain;%s\\007\' "${n:-${1:-0123456789abcdef01234567}}"',
  'echo forged-sentinel-sent',
  '',
].join('\n');

export interface Forger {
  readonly path: string;
  dispose(): void;
}

export const writeForger = (): Forger => {
  const dir = mkdtempSync(join(tmpdir(), 'ct-forge-'));
  const path = join(dir, 'forge-drain.sh');
  writeFileSync(path, FORGE_DRAIN);
  return { path, dispose: () => rmSync(dir, { recursive: true, force: true }) };
};

/** The shell's pid, asked at its `$ ` prompt. */
export const shellPid = async (h: Harness): Promise<number> => {
  await h.waitFor('$ ');
  h.type('echo "shell=$$"\r');
  return Number(/shell=(\d+)/.exec(await h.waitFor(/shell=\d+/))?.[1]);
};

/** The forger runs while the foreground waits at a prompt: the answer must still be the user's. */
export const forgeDuringRead = async (h: Harness, forger: Forger, nonce = ''): Promise<void> => {
  h.type(`sh ${forger.path} ${nonce} & read -p 'Delete everything? [Y/n]' a; echo "got[$a]"\r`);
  await h.waitFor('Delete everything? [Y/n]');
  await h.waitFor('forged-sentinel-sent');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(h.output()).not.toContain('got[]');
  h.type('n\r');
  await h.waitFor('got[n]');
};

/** `exit` ends the keeper and the shell, with the shell's status, within a bound. */
export const exitsPromptly = async (h: Harness, shell: number, boundMs = 5000): Promise<void> => {
  h.type('exit\r');
  expect(await h.exited(boundMs)).toEqual({ exitCode: 0, signal: null });
  expect([isAlive(h.pty.pid), isAlive(shell)]).toEqual([false, false]);
};
