// SPDX-License-Identifier: MIT
import { MAX_QUERY_WORDS } from '../../../shared/domain/history-limits';

/** Terms with no letter or digit index to nothing under unicode61: they could only fail the query or match nothing. */
const INDEXABLE = /[\p{L}\p{N}]/u;
/**
 * A last word shorter than this is matched whole, not as a prefix: commands_fts has no prefix
 * index, and a one-letter prefix would make FTS5 merge the doclists of every word starting with it
 * (outputs included), which at a million commands is no longer a bounded read.
 */
const MIN_PREFIX = 2;

/** The query's words as typed (control characters separate them), the first MAX_QUERY_WORDS that can match anything. */
export const queryWords = (query: string): string[] =>
  query
    .replace(/\p{Cc}/gu, ' ')
    .split(/\s+/u)
    .filter((word) => INDEXABLE.test(word))
    .slice(0, MAX_QUERY_WORDS);

/**
 * One word as an FTS5 string: double-quoted (embedded quotes doubled), so `OR`, `NOT`, `NEAR(`,
 * `*`, `^`, `:` and parentheses are plain text, never syntax or a column filter.
 */
export const quoted = (word: string, prefix: boolean): string =>
  `"${word.replaceAll('"', '""')}"${prefix && [...word].length >= MIN_PREFIX ? '*' : ''}`;

/** Every word ANDed, the last one a prefix (it may still be being typed). Undefined when there is none. */
export const allWordsMatch = (words: readonly string[]): string | undefined =>
  words.length === 0 ? undefined : words.map((word, i) => quoted(word, i === words.length - 1)).join(' ');

/**
 * Words for commands_line_fts (Ctrl+R's older candidates), quoted so nothing is syntax, ANDed, the
 * last one a prefix. Undefined when the last word is a single letter: commands_line_fts has prefix
 * indexes from two letters (migration 9), so such a query is left to the recent window.
 */
export const prefixMatch = (query: string): string | undefined => {
  const words = queryWords(query);
  const last = words.at(-1);
  if (last === undefined || [...last].length < MIN_PREFIX) return undefined;
  return allWordsMatch(words);
};
