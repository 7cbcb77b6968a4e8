// SPDX-License-Identifier: MIT
import type { Db as WritableDb } from './ports';

interface AttachmentMeta {
  readonly commandId?: unknown;
  readonly commandLine?: unknown;
}

/**
 * Conversations keep a copy of each attached command's command line in the question's meta (so
 * the pane can show the chip after the command is gone). Forgetting the command removes that copy:
 * the chip stays, marked forgotten, with no text. Returns the messages changed.
 */
export const scrubAttachments = (db: WritableDb, commandIds: readonly string[]): number => {
  if (commandIds.length === 0) return 0;
  const forgotten = new Set(commandIds);
  const ids = JSON.stringify(commandIds);
  const rows = db
    .prepare(
      `SELECT m.id, m.meta FROM messages m WHERE m.meta IS NOT NULL AND EXISTS (
         SELECT 1 FROM json_each(m.meta, '$.attachments') a
         WHERE json_extract(a.value, '$.commandId') IN (SELECT value FROM json_each(?)))`,
    )
    .all(ids) as Array<{ id: string; meta: string }>;
  const update = db.prepare('UPDATE messages SET meta = ? WHERE id = ?');
  for (const row of rows) {
    const meta = JSON.parse(row.meta) as { attachments?: AttachmentMeta[] };
    meta.attachments = (meta.attachments ?? []).map((a) =>
      typeof a.commandId === 'string' && forgotten.has(a.commandId) ? { commandId: a.commandId, commandLine: null, forgotten: true } : a,
    );
    update.run(JSON.stringify(meta), row.id);
  }
  return rows.length;
};
