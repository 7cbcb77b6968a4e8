// SPDX-License-Identifier: MIT
import { lstatSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const DATABASE_FILE = 'contexterm.db';

/**
 * Where the app keeps its data, most likely first: browser mode's default (electron/data-dir/data-dir.ts
 * computes the same), then the desktop app's Electron `userData` as packaged ("Contexterm") and
 * as run from a checkout ("contexterm", the package name). Only computed: unlike the app, the CLI
 * never creates a directory (the one it reads passes the app's checks first, history-db.ts).
 */
export const candidateDataDirs = (env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string[] => {
  const home = homedir();
  if (platform === 'darwin') {
    const support = join(home, 'Library', 'Application Support');
    return [join(support, 'Contexterm'), join(support, 'contexterm')];
  }
  const browser = join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'contexterm');
  const appData = platform === 'win32' ? (env.APPDATA ?? join(home, 'AppData', 'Roaming')) : env.XDG_CONFIG_HOME || join(home, '.config');
  return [browser, join(appData, 'Contexterm'), join(appData, 'contexterm')];
};

/**
 * Whether `path` may be there: a database we may not look at counts, so that the user hears the
 * directory cannot be read (history-db.ts says why) rather than that there is no history at all.
 */
const mayExist = (path: string): boolean => {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOTDIR';
  }
};

/** `--data-dir` as given, else the first candidate holding a database (else the first, to name in the error). */
export const chooseDataDir = (explicit: string | undefined, candidates: readonly string[] = candidateDataDirs()): string => {
  if (explicit !== undefined) return resolve(explicit);
  return candidates.find((dir) => mayExist(join(dir, DATABASE_FILE))) ?? candidates[0]!;
};
