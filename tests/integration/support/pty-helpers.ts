// SPDX-License-Identifier: MIT
import { createNodePtyHost } from '../../../electron/pty/node-pty-host';
import { PtyManager } from '../../../electron/pty/pty-manager';
import type { PtyExit, PtyProcess, SpawnOptions } from '../../../electron/pty/types';

/** A real pty with its whole output kept, and promises that resolve on what it prints or on exit. */
export interface Harness {
  readonly manager: PtyManager;
  readonly pty: PtyProcess;
  output(): string;
  bytes(): number;
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<string>;
  exited(timeoutMs?: number): Promise<PtyExit>;
  type(text: string): void;
}

export const startPty = (options: Partial<SpawnOptions> = {}): Harness => {
  const manager = new PtyManager(createNodePtyHost());
  const chunks: Buffer[] = [];
  let size = 0;
  const waiters = new Set<() => void>();
  let exit: PtyExit | undefined;
  manager.observe({
    bytes: (_id, direction, bytes) => {
      if (direction !== 1) return;
      chunks.push(bytes);
      size += bytes.length;
      for (const waiter of waiters) waiter();
    },
    exited: (_id, result) => {
      exit = result;
      for (const waiter of waiters) waiter();
    },
  });
  const pty = manager.spawn({
    cols: 100,
    rows: 30,
    shell: '/bin/bash',
    args: ['--norc', '--noprofile', '-i'],
    env: { PS1: '$ ', HISTFILE: '/dev/null' },
    ...options,
  });
  const output = () => Buffer.concat(chunks).toString('utf8');

  const until = <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (value === undefined) return;
        waiters.delete(attempt);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`timed out waiting for ${what}; output so far:\n${output().slice(-2000)}`));
      }, timeoutMs);
      waiters.add(attempt);
      attempt();
    });

  return {
    manager,
    pty,
    output,
    bytes: () => size,
    waitFor: (pattern, timeoutMs = 10_000) =>
      until(
        () => {
          const text = output();
          if (typeof pattern === 'string') return text.includes(pattern) ? text : undefined;
          return pattern.exec(text)?.[0];
        },
        timeoutMs,
        String(pattern),
      ),
    exited: (timeoutMs = 15_000) => until(() => exit, timeoutMs, 'exit'),
    type: (text) => manager.write(pty.id, text),
  };
};
