// SPDX-License-Identifier: MIT
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where in the data directory's database files (file, WAL, shared memory) `marker` still is. */
export const filesWith = (dataDir: string, marker: string): string[] =>
  ['', '-wal', '-shm'].filter((suffix) => {
    const path = join(dataDir, `contexterm.db${suffix}`);
    return existsSync(path) && readFileSync(path).includes(marker);
  });

/** Whether any byte of the data directory's database files (file, WAL, shared memory) still holds `marker`. */
export const databaseContains = (dataDir: string, marker: string): boolean => filesWith(dataDir, marker).length > 0;
