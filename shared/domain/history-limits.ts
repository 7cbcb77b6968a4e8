// SPDX-License-Identifier: MIT
/*
 * The history engine's limits, apart from its zod schema (history-query.ts): the CLI's
 * `history search` reads them on its start path, where importing zod alone costs about as much as
 * starting Node.
 */

/** Long enough for any pasted line; the engine uses only the first MAX_QUERY_WORDS words of it. */
export const MAX_QUERY_CHARS = 10_000;
export const MAX_QUERY_WORDS = 16;
/** The most records one answer carries; `offset` pages on, up to MAX_HISTORY_OFFSET. */
export const MAX_HISTORY_LIMIT = 1000;
export const MAX_HISTORY_OFFSET = 100_000;
