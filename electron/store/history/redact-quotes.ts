// SPDX-License-Identifier: MIT
import type { Db as WritableDb } from './ports';

/** What a forgotten command leaves in a conversation's text in its place. */
const FORGOTTEN_TEXT = '[forgotten]';

/** What was recorded of a command, read before its row is deleted. */
export interface ForgottenText {
  readonly commandLine: string | null;
  readonly output: string | null;
}

/** Shorter lines and words are too common to be a quote of this command ("ok", "done", "total 0"). */
const MIN_QUOTE = 6;
/** An output line this long is replaced wherever it appears inside a text, not only as a whole line. */
const MIN_INNER_QUOTE = 12;
/** A huge output is matched on its start: a model quotes what it was shown, and pinned output is capped. */
const MAX_OUTPUT_CHARS = 256 * 1024;
/** Substring search costs a pass per quote: past this many, longer outputs are matched by whole lines and words. */
const MAX_INNER_QUOTES = 2000;
/**
 * Words are what whitespace, quotes, brackets and path, assignment or URL separators divide (so a
 * quoted path segment or a value without its `NAME=` still matches); a trailing full stop is punctuation.
 */
const WORD = /[^\s"'`()<>[\]{},;/=:]+/g;
const trimWord = (word: string): string => word.replace(/\.+$/, '');
/** A word worth redacting on its own: long, and not a plain dictionary word (a path, a token, a flag, a number). */
const distinctive = (word: string): boolean => word.length >= MIN_QUOTE && /[^A-Za-z]/.test(word);

/**
 * What counts as quoting the forgotten commands: their command lines (anywhere in a text), any whole
 * line of their output, and their distinctive words (so "cannot access '/secret-dir'" loses the path
 * even when the model quoted only part of the line).
 */
export class QuoteMatcher {
  private readonly _lines = new Set<string>();
  private readonly _words = new Set<string>();
  /** Replaced wherever they appear: command lines, and long output lines. */
  private readonly _quotes = new Set<string>();

  constructor(texts: readonly ForgottenText[]) {
    for (const text of texts) {
      const line = text.commandLine?.trim() ?? '';
      if (line.length >= 4) this._quotes.add(line);
      if (line) this._lines.add(line);
      const output = (text.output ?? '').slice(0, MAX_OUTPUT_CHARS);
      for (const part of [line, ...output.split(/\r?\n/)]) {
        const trimmed = part.trim();
        if (trimmed.length >= MIN_QUOTE) this._lines.add(trimmed);
        if (trimmed.length >= MIN_INNER_QUOTE && this._quotes.size < MAX_INNER_QUOTES) this._quotes.add(trimmed);
        for (const word of trimmed.match(WORD) ?? []) if (distinctive(trimWord(word))) this._words.add(trimWord(word));
      }
    }
    // Longest first, so a quote containing another is replaced whole.
    this._ordered = [...this._quotes].sort((a, b) => b.length - a.length);
  }

  private readonly _ordered: readonly string[];

  get empty(): boolean {
    return this._lines.size === 0 && this._words.size === 0;
  }

  redact(text: string): string {
    let out = text;
    for (const quote of this._ordered) if (out.includes(quote)) out = out.split(quote).join(FORGOTTEN_TEXT);
    out = out
      .split('\n')
      .map((row) => {
        const bare = row.trim().replace(/^(?:[>$#]\s*)+/, '');
        return this._lines.has(bare) ? row.replace(row.trim(), FORGOTTEN_TEXT) : row;
      })
      .join('\n');
    return out.replace(WORD, (word) => {
      const core = trimWord(word);
      return this._words.has(core) ? FORGOTTEN_TEXT + word.slice(core.length) : word;
    });
  }

  /** Every string inside a JSON value (a message's meta, its tool calls), redacted. */
  redactJson(json: string): string {
    const walk = (value: unknown): unknown => {
      if (typeof value === 'string') return this.redact(value);
      if (Array.isArray(value)) return value.map(walk);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
      return value;
    };
    return JSON.stringify(walk(JSON.parse(json)));
  }
}

/**
 * Replaces quotes of forgotten commands in every conversation: titles, message text, tool calls and
 * pane metadata (a failed turn's partial text, tool summaries) and compaction summaries. Only rows
 * that change are rewritten; with secure_delete on, their old copies are zeroed. Returns the rows changed.
 */
export const redactQuotes = (db: WritableDb, texts: readonly ForgottenText[]): number => {
  const matcher = new QuoteMatcher(texts);
  if (matcher.empty) return 0;
  let changed = 0;
  const rewrite = (select: string, update: string, columns: readonly string[], json: ReadonlySet<string>): void => {
    const put = db.prepare(update);
    for (const row of db.prepare(select).all() as Array<Record<string, string | null>>) {
      const next = columns.map((c) => {
        const value = row[c];
        if (value === null || value === undefined) return value ?? null;
        return json.has(c) ? matcher.redactJson(value) : matcher.redact(value);
      });
      if (next.every((value, i) => value === row[columns[i]!])) continue;
      put.run(...next, row['id']);
      changed++;
    }
  };
  rewrite('SELECT id, title FROM conversations', 'UPDATE conversations SET title = ? WHERE id = ?', ['title'], new Set());
  rewrite(
    'SELECT id, content, tool_calls, meta FROM messages',
    'UPDATE messages SET content = ?, tool_calls = ?, meta = ? WHERE id = ?',
    ['content', 'tool_calls', 'meta'],
    new Set(['tool_calls', 'meta']),
  );
  rewrite('SELECT id, content FROM summaries', 'UPDATE summaries SET content = ? WHERE id = ?', ['content'], new Set());
  return changed;
};
