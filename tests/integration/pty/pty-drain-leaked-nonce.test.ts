// SPDX-License-Identifier: MIT
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as SecretFile from '../../../electron/pty/secret-file';
import { exitsPromptly, forgeDuringRead, shellPid, writeForger } from '../support/pty-forgery';
import { startPty, type Harness } from '../support/pty-helpers';

/** Every secret handed to a child, as if it had leaked: the drain nonce is 24 hex digits. */
const secrets = vi.hoisted(() => [] as string[]);
vi.mock('../../../electron/pty/secret-file', async (importOriginal) => {
  const original = await importOriginal<typeof SecretFile>();
  return {
    ...original,
    writeSecret: (value: string) => {
      secrets.push(value);
      return original.writeSecret(value);
    },
  };
});

const forger = writeForger();
const started: Harness[] = [];
afterAll(async () => {
  await Promise.all(started.map((h) => h.manager.killAll()));
  forger.dispose();
});

describe('the exit-drain handshake with a leaked nonce', () => {
  it('does not answer a sentinel printed while the program runs, and exits promptly', async () => {
    const before = secrets.length;
    const h = startPty();
    started.push(h);
    const nonce = secrets.slice(before).find((value) => /^[0-9a-f]{24}$/.test(value));
    expect(nonce).toBeDefined();
    const shell = await shellPid(h);
    await forgeDuringRead(h, forger, nonce);
    // The forged copy was taken out of the stream like the real one: the nonce never shows.
    h.type('echo after-forgery\r');
    await h.waitFor(/after-forgery\r?\n/);
    expect(h.output()).not.toContain(`contexterm-drain;${nonce}`);
    await exitsPromptly(h, shell);
  });

  it('still drains every byte of the real exit after a forged sentinel', async () => {
    const before = secrets.length;
    const h = startPty();
    started.push(h);
    const nonce = secrets.slice(before).find((value) => /^[0-9a-f]{24}$/.test(value));
    await shellPid(h);
    h.type(`sh ${forger.path} ${nonce}; sleep 0.5\r`);
    await h.waitFor('forged-sentinel-sent');
    await h.waitFor(/\$ $/);
    // The last output is large and the program exits at once: without the drain, its tail is lost.
    const size = 4 * 1024 * 1024;
    const from = h.bytes();
    h.type(`exec sh -c "head -c ${size} /dev/zero | tr '\\\\0' a"\r`);
    expect(await h.exited(10_000)).toEqual({ exitCode: 0, signal: null });
    expect(h.output().slice(-size)).toBe('a'.repeat(size));
    expect(h.bytes() - from).toBeGreaterThan(size);
  });
});
