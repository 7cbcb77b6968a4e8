// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import { loadTermiosAddon, readsSecretInput } from './termios';

describe('the termios addon loader', () => {
  it.skipIf(process.platform === 'win32')('loads the addon built by binding.gyp on POSIX systems', () => {
    const log = vi.fn();
    expect(typeof loadTermiosAddon(process.platform, undefined, log)?.terminalFlags).toBe('function');
    expect(log).not.toHaveBeenCalled();
  });

  it('does not even try on Windows: no addon, no error logged', () => {
    const load = vi.fn(() => ({ terminalFlags: () => 3 }));
    const log = vi.fn();
    expect(loadTermiosAddon('win32', load, log)).toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('logs and goes on without it where it fails to load', () => {
    const log = vi.fn();
    const missing = () => {
      throw new Error('Cannot find module contexterm_termios.node');
    };
    expect(loadTermiosAddon('darwin', missing, log)).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('typed input will not be recorded'));
  });

  it('counts a closed descriptor as secret input (unknown is never recorded)', () => {
    expect(readsSecretInput(987_654)).toBe(true);
  });
});
