// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { MAX_HISTORY_LIMIT, MAX_HISTORY_OFFSET, MAX_QUERY_CHARS } from './history-limits';

/**
 * One question to the history engine (electron/store/history-engine/), the same for Ctrl+R, the
 * Commands panel, `contexterm history search` and the MCP `search_commands` tool: the same query
 * and filters give the same records in the same order everywhere, as Atuin's one `search(mode,
 * filter)` serves its TUI, CLI and server.
 *
 * - `words` (the default): the query's words match the command line and the output; records that
 *   match more of the words rank first (a record need not hold every word), newest breaking ties.
 * - `fuzzy`: Ctrl+R's mode, letters matched in order against the command line only, one result
 *   per distinct line (its newest run).
 */
const HistoryMode = z.enum(['words', 'fuzzy']);

/** The filters, each narrowing what the query can find; all optional, all ANDed. */
export const HistoryFilters = z.strictObject({
  /** That directory and every directory below it. */
  cwd: z.string().min(1).max(4096).optional(),
  exitCode: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
  /** A non-zero exit code (interrupted commands included). */
  failed: z.boolean().optional(),
  /** The machine a command ran on: `user@host` of an ssh command, else the local hostname. */
  host: z.string().min(1).max(256).optional(),
  /** Epoch ms, inclusive. */
  since: z.number().int().min(0).optional(),
  /** Epoch ms, exclusive. */
  until: z.number().int().min(0).optional(),
  ranBy: z.enum(['user', 'assistant']).optional(),
  sessionId: z.string().min(1).max(128).optional(),
});
export type HistoryFilters = z.infer<typeof HistoryFilters>;

export const HistoryQuery = HistoryFilters.extend({
  query: z.string().max(MAX_QUERY_CHARS),
  mode: HistoryMode.optional(),
  limit: z.number().int().min(1).max(MAX_HISTORY_LIMIT).optional(),
  offset: z.number().int().min(0).max(MAX_HISTORY_OFFSET).optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;
