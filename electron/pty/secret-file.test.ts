// SPDX-License-Identifier: MIT
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardSecret, discardSecretsIn, writeSecret } from './secret-file';

describe('secret files', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes each secret to its own 0600 file in a 0700 directory', () => {
    const a = writeSecret('first');
    const b = writeSecret('second');
    try {
      expect(dirname(a)).toBe(dirname(b));
      expect(a).not.toBe(b);
      expect(readFileSync(a, 'utf8')).toBe('first\n');
      expect(statSync(a).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(a)).mode & 0o777).toBe(0o700);
    } finally {
      discardSecret(a);
      discardSecret(b);
    }
    expect([existsSync(a), existsSync(b)]).toEqual([false, false]);
  });

  it('deletes the files an environment refers to, and nothing else', () => {
    const path = writeSecret('value');
    const other = writeSecret('other');
    discardSecretsIn({ HOME: '/home/u', CONTEXTERM_NONCE_FILE: path, PATH: other.slice(0, -1) });
    expect([existsSync(path), existsSync(other)]).toEqual([false, true]);
    discardSecret(other);
  });

  it('deletes a file nobody read after a while', () => {
    vi.useFakeTimers();
    const path = writeSecret('unread');
    vi.advanceTimersByTime(59_000);
    expect(existsSync(path)).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect(existsSync(path)).toBe(false);
  });
});
