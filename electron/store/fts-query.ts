// SPDX-License-Identifier: MIT

/** Terms with no letter or digit index to nothing under unicode61 and would only make the query fail or match nothing. */
const INDEXABLE = /[\p{L}\p{N}]/u;

/**
 * Turns what a user typed into an FTS5 MATCH expression that cannot be misread as syntax.
 *
 * Every whitespace-separated term becomes a double-quoted string (embedded quotes doubled), so
 * `OR`, `NOT`, `NEAR(`, `*`, `-`, `^`, `:` and parentheses are plain text, never operators or
 * column filters; the terms are ANDed. The last term is a prefix (`"buil"*`) so search works
 * while typing. Returns undefined when nothing in the input can match.
 */
export const toFtsQuery = (input: string): string | undefined => {
  const terms = input.split(/\s+/u).filter((term) => INDEXABLE.test(term));
  if (terms.length === 0) return undefined;
  return terms
    .map((term, index) => {
      const quoted = `"${term.replaceAll('"', '""')}"`;
      return index === terms.length - 1 ? `${quoted}*` : quoted;
    })
    .join(' ');
};
