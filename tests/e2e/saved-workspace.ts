// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { join } from 'node:path';

export interface SavedWorkspace {
  readonly groups: unknown[];
  readonly panes: Record<string, { readonly cwd: string }>;
}

/** What the main process keeps for the next start (the store's settings table), read while it runs. */
export const savedWorkspace = (dataDir: string): SavedWorkspace | undefined => {
  const db = new Database(join(dataDir, 'contexterm.db'), { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM settings WHERE key = 'workspace'").get() as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as SavedWorkspace) : undefined;
  } finally {
    db.close();
  }
};
