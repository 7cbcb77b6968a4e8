// SPDX-License-Identifier: MIT
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkDataDir } from './data-dir-trust';

/**
 * The per-user data directory (XDG on Linux), created private to the user (0700). One that is not
 * the user's (another owner, a link into someone else's place, a planted `run/` or lock) throws
 * DataDirTrustError, whose message is for the user as it is (see data-dir-trust.ts).
 */
export const resolveDataDir = (explicit?: string): string => {
  const dir = explicit
    ? resolve(explicit)
    : process.platform === 'darwin'
      ? join(homedir(), 'Library', 'Application Support', 'Contexterm')
      : join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'contexterm');
  checkDataDir(dir);
  return dir;
};
