// SPDX-License-Identifier: MIT
import { chmodSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The per-user data directory (XDG on Linux), created private to the user (0700). */
export const resolveDataDir = (explicit?: string): string => {
  const dir = explicit
    ? resolve(explicit)
    : process.platform === 'darwin'
      ? join(homedir(), 'Library', 'Application Support', 'Contexterm')
      : join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'contexterm');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
};
