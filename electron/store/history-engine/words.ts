// SPDX-License-Identifier: MIT
import type { StatementCache } from '../database/database';
import type { FilterSql } from './filters';
import type { RankedPage } from './listing';
import { allWordsMatch, quoted } from './terms';

/**
 * The newest FTS5 matches read per word (and for all the words together). FTS5 walks a doclist in
 * rowid order and stops at the LIMIT, so a query costs at most (words + 1) × this many index entries
 * and primary-key probes, whatever the history's size: MAX_QUERY_WORDS bounds the words. A record
 * older than the newest WORD_CANDIDATES matches of every word it holds is not found; the total then
 * says "N+" (`totalExact: false`).
 */
const WORD_CANDIDATES = 1000;

/**
 * One word's newest matches (command line or output), each with whether it passes the filters: the
 * filters are a column rather than a WHERE so the bounded inner read also tells how many matched.
 */
const wordSql = (filters: FilterSql): string => `
  SELECT hit.rid AS rid, (${filters.where}) AS keep, c.command_line AS line FROM (
    SELECT rowid AS rid FROM commands_fts WHERE commands_fts MATCH @match ORDER BY rowid DESC LIMIT @scan
  ) AS hit CROSS JOIN commands c ON c.rid = hit.rid`;

/** How much more a word counts in the command line than in the output (as bm25's column weights would). */
const LINE_BOOST = 2;

/** The pieces the index splits a word into (letters and digits), lower-cased. */
const tokens = (word: string): string[] => word.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A word in the command line says more about a record than one somewhere in its output. `pieces`
 * are the word's tokens, split once per query rather than once per matching record.
 */
const weightOf = (weight: number, pieces: readonly string[], line: string | null): number => {
  const lower = line?.toLowerCase();
  return lower !== undefined && pieces.every((piece) => lower.includes(piece)) ? weight * LINE_BOOST : weight;
};

interface Scored {
  readonly rid: number;
  words: number[];
  score: number;
}

/**
 * Ranked words: records that match more of the words first, then the rarer words' weight (an IDF,
 * ln(1 + N / matches), N the history's size, matches counted within the bound; doubled for a word in
 * the command line), the newest breaking ties. A record need not hold every word. `matched` is the indexes of the words each record holds.
 */
export const rankWords = (
  statements: StatementCache,
  filters: FilterSql,
  words: readonly string[],
  offset: number,
  limit: number,
): RankedPage => {
  const sql = wordSql(filters);
  const size = (statements.get('SELECT max(rid) FROM commands').pluck().get() as number | null) ?? 0;
  const scored = new Map<number, Scored>();
  let truncated = false;
  const weights: number[] = [];
  const pieces = words.map(tokens);
  const read = (match: string) => {
    const rows = statements.get(sql).all({ ...filters.params, match, scan: WORD_CANDIDATES }) as {
      rid: number;
      keep: number;
      line: string | null;
    }[];
    if (rows.length === WORD_CANDIDATES) truncated = true;
    return rows;
  };
  words.forEach((word, index) => {
    const rows = read(quoted(word, index === words.length - 1));
    const weight = Math.log(1 + size / Math.max(1, rows.length));
    weights.push(weight);
    for (const { rid, keep, line } of rows) {
      if (keep !== 1) continue;
      const entry = scored.get(rid) ?? { rid, words: [], score: 0 };
      entry.words.push(index);
      entry.score += weightOf(weight, pieces[index]!, line);
      scored.set(rid, entry);
    }
  });
  // A record holding every word may lie past one common word's bound: read those together too.
  if (words.length > 1) {
    const all = words.map((_, i) => i);
    for (const { rid, keep, line } of read(allWordsMatch(words)!)) {
      if (keep !== 1 || scored.get(rid)?.words.length === words.length) continue;
      scored.set(rid, { rid, words: all, score: pieces.reduce((sum, wordPieces, i) => sum + weightOf(weights[i]!, wordPieces, line), 0) });
    }
  }
  const ranked = [...scored.values()].sort((a, b) => b.words.length - a.words.length || b.score - a.score || b.rid - a.rid);
  const page = ranked.slice(offset, offset + limit);
  return {
    rids: page.map((entry) => entry.rid),
    matched: new Map(page.map((entry) => [entry.rid, entry.words])),
    total: ranked.length,
    totalExact: !truncated,
  };
};
