// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * Conversations, plus what the assistant pane shows but the engine does not need:
 * per-message attachments, tool-call views, provider-reported usage, the model used and an error,
 * kept as one JSON column. The store owns this SQL; the context engine reaches it only through its
 * ConversationRepository port (store/conversations/conversation-repository.ts implements it).
 *
 * - `messages.seq` orders a conversation. A summary message takes the seq of the last message it
 *   replaces and sorts after it (ORDER BY seq, summary_of IS NOT NULL).
 * - Compaction never deletes: `messages.compacted_by` hides a message behind the compaction that
 *   replaced it; undo clears it and deletes the summary message (`summary_of`).
 * - `summaries` holds every compaction (summarize, truncate-oldest, clear) so undo works for all three;
 *   `message_ids` is a JSON array of the hidden messages' ids.
 * - Token counts are cached per message with the model they were counted for.
 * - `model_configs` is no longer read or written (per-model limits moved into the settings); it stays
 *   because a migration, once shipped, must create the same schema on every install.
 */
const CONVERSATIONS_SQL = `
CREATE TABLE conversations (
  id          TEXT PRIMARY KEY,
  title       TEXT NOT NULL DEFAULT '',
  model       TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
) STRICT;

CREATE TABLE summaries (
  id               TEXT PRIMARY KEY,
  conversation_id  TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  mode             TEXT NOT NULL CHECK (mode IN ('summarize', 'truncate-oldest', 'clear')),
  content          TEXT,
  model            TEXT,
  fallback_reason  TEXT,
  message_ids      TEXT NOT NULL DEFAULT '[]',
  created_at       INTEGER NOT NULL,
  undone_at        INTEGER
) STRICT;

CREATE INDEX summaries_by_conversation ON summaries(conversation_id, created_at);
CREATE INDEX summaries_in_effect ON summaries(created_at) WHERE mode = 'summarize' AND undone_at IS NULL;

CREATE TABLE messages (
  id               TEXT PRIMARY KEY,
  conversation_id  TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  seq              INTEGER NOT NULL,
  role             TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool')),
  content          TEXT NOT NULL,
  tool_calls       TEXT,
  tool_call_id     TEXT,
  token_count      INTEGER NOT NULL DEFAULT 0,
  token_model      TEXT NOT NULL DEFAULT '',
  compacted        INTEGER NOT NULL DEFAULT 0 CHECK (compacted IN (0, 1)),
  compacted_by     TEXT REFERENCES summaries(id),
  summary_of       TEXT REFERENCES summaries(id) ON DELETE CASCADE,
  created_at       INTEGER NOT NULL,
  CHECK ((compacted = 1) = (compacted_by IS NOT NULL))
) STRICT;

CREATE INDEX messages_live ON messages(conversation_id, seq) WHERE compacted = 0;
CREATE INDEX messages_by_compaction ON messages(compacted_by) WHERE compacted_by IS NOT NULL;

CREATE TABLE model_configs (
  model                   TEXT PRIMARY KEY,
  context_limit           INTEGER NOT NULL CHECK (context_limit >= 0),
  compaction_mode         TEXT NOT NULL CHECK (compaction_mode IN ('summarize', 'truncate-oldest')),
  warning_threshold       REAL NOT NULL CHECK (warning_threshold > 0 AND warning_threshold <= 1),
  reserved_output_tokens  INTEGER NOT NULL CHECK (reserved_output_tokens >= 0),
  updated_at              INTEGER NOT NULL
) STRICT;
`;

export const up = (db: MigrationDb): void => {
  db.exec(CONVERSATIONS_SQL);
  db.exec(`
    ALTER TABLE messages ADD COLUMN meta TEXT CHECK (meta IS NULL OR json_valid(meta));
    CREATE INDEX conversations_by_update ON conversations (updated_at);
  `);
};
