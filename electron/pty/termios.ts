// SPDX-License-Identifier: MIT
import { createRequire } from 'node:module';
import { projectPath } from '../runtime/paths';

interface TermiosAddon {
  terminalFlags(fd: number): number;
}

const FLAG_ECHO = 1;
const FLAG_CANONICAL = 2;

let addon: TermiosAddon | null | undefined;

const requireAddon = (path: string): TermiosAddon => createRequire(path)(path) as TermiosAddon;

/**
 * Loads native/termios.c (built by `npm install` through binding.gyp). The path is the same from
 * the TypeScript source (electron/pty/) and from the bundles (dist/node/, dist/electron/): both
 * sit two levels below the project root. N-API keeps one build valid for Node and Electron.
 * Windows has no termios (binding.gyp builds nothing there and ConPTY has no line discipline to
 * ask), so it is not even tried: no error, and input counts as secret, as for a missing addon.
 */
export const loadTermiosAddon = (
  platform: NodeJS.Platform = process.platform,
  load: (path: string) => TermiosAddon = requireAddon,
  log: (message: string) => void = console.error,
): TermiosAddon | null => {
  if (platform === 'win32') return null;
  try {
    return load(projectPath('build/Release/contexterm_termios.node'));
  } catch (error) {
    log(`contexterm: termios addon unavailable, typed input will not be recorded: ${String(error)}`);
    return null;
  }
};

/**
 * True when the program on the pty reads a line with echo off (sudo, ssh, `read -s`): canonical
 * mode without ECHO. Raw-mode programs (readline, vim) also clear ECHO but read keys, not secrets,
 * hence the ICANON condition (as Ghostty does). Unknown (no addon, closed fd) counts as secret, so
 * a failure can only lose input from the record, never store a password.
 */
export const readsSecretInput = (fd: number): boolean => {
  if (addon === undefined) addon = loadTermiosAddon();
  const flags = addon?.terminalFlags(fd) ?? -1;
  if (flags < 0) return true;
  return (flags & FLAG_CANONICAL) !== 0 && (flags & FLAG_ECHO) === 0;
};
