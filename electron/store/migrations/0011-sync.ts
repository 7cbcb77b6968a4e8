// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * History across machines (electron/sync/, docs/history.md "Across machines").
 *
 * `command_devices`: the device a pulled record came from; a command without a row was recorded
 * here. It goes with its command (forget, retention). `sync_pushed`: this device's records in the
 * bucket and the segment that holds each, so a forget knows which segment to rewrite.
 * `sync_tombstones`: records forgotten while the bucket had them; `ours` = 1 for forgets made here
 * (published in this device's manifest), 0 for those pulled from another device's manifest (kept so
 * a segment not yet rewritten never brings the record back). `sync_seen`: other devices' segments
 * already pulled, so a pull reads only new ones.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE TABLE command_devices (
      command_id TEXT PRIMARY KEY REFERENCES commands (id) ON DELETE CASCADE,
      device_id TEXT NOT NULL,
      device_name TEXT NOT NULL
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE sync_pushed (
      command_id TEXT PRIMARY KEY,
      segment TEXT NOT NULL
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX sync_pushed_by_segment ON sync_pushed (segment);
    CREATE TABLE sync_tombstones (
      command_id TEXT PRIMARY KEY,
      forgotten_at INTEGER NOT NULL,
      ours INTEGER NOT NULL CHECK (ours IN (0, 1))
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE sync_seen (
      device_id TEXT NOT NULL,
      segment TEXT NOT NULL,
      PRIMARY KEY (device_id, segment)
    ) STRICT, WITHOUT ROWID;
  `);
};
