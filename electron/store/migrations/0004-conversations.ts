// SPDX-License-Identifier: MIT
import { CONTEXT_SCHEMA_SQL } from '../../context/persistence-schema';
import type { WritableDb } from '../database';

/**
 * The context engine's tables (conversations, messages, summaries, model_configs), plus what the
 * assistant pane shows but the engine does not need: per-message attachments, tool-call views,
 * provider-reported usage, the model used and an error, kept as one JSON column.
 */
export const up = (db: WritableDb): void => {
  db.exec(CONTEXT_SCHEMA_SQL);
  db.exec(`
    ALTER TABLE messages ADD COLUMN meta TEXT CHECK (meta IS NULL OR json_valid(meta));
    CREATE INDEX conversations_by_update ON conversations (updated_at);
  `);
};
