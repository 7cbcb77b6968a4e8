// SPDX-License-Identifier: MIT
import type { Db } from './ports';

/** The settings-table key of the screens kept for the next run: `{ [sessionId]: KeptScreen }` (screen-keeper.ts). */
export const SCREENS_KEY = 'workspace-screens';

/** Whose kept screens a forget dropped: every one (a time range), or those of these sessions. */
export interface ScreensForgotten {
  readonly all: boolean;
  readonly sessionIds: readonly string[];
}

/**
 * Drops kept screens inside the forget's transaction: a kept screen is the terminal as drawn, so it
 * holds the forgotten command line and output too. Run on the writer's connection, whose
 * secure_delete zeroes the old value as the forget's other rows are zeroed.
 */
export const dropKeptScreens = (db: Db, screens: ScreensForgotten): void => {
  if (screens.all) {
    db.prepare('DELETE FROM settings WHERE key = ?').run(SCREENS_KEY);
    return;
  }
  if (screens.sessionIds.length === 0) return;
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(SCREENS_KEY) as { value: string } | undefined;
  if (!row) return;
  let kept: Record<string, unknown>;
  try {
    kept = JSON.parse(row.value) as Record<string, unknown>;
  } catch {
    // Unreadable (the keeper reads it as nothing kept): drop it rather than leave what it may hold.
    db.prepare('DELETE FROM settings WHERE key = ?').run(SCREENS_KEY);
    return;
  }
  if (typeof kept !== 'object' || kept === null) return;
  const dropped = screens.sessionIds.filter((id) => id in kept);
  if (dropped.length === 0) return;
  for (const id of dropped) delete kept[id];
  db.prepare('UPDATE settings SET value = ? WHERE key = ?').run(JSON.stringify(kept), SCREENS_KEY);
};
