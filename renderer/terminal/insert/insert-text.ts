// SPDX-License-Identifier: MIT

/**
 * The input gate's rules for text that is inserted at a prompt and not run: a history line (Ctrl+R),
 * a quick fix, a code block's Insert, a Ctrl+I answer, a paste, a drop. Pure, so the rules are
 * tested on their own (insert-text.test.ts); insert-into.ts applies them to a terminal.
 *
 * Why: xterm.js brackets a paste with ESC[200~ … ESC[201~ but leaves ESC inside the text, so a line
 * holding `ESC[201~` ended the bracket itself and the CR after it ran the rest (a forged
 * quick fix ran `touch canary`). So every C0 control but tab, DEL and every C1 control (64 code
 * points; tab is the 65th and stays) are removed, CR and LF split lines and are never sent on their
 * own, and what is left can no longer act on the shell or the terminal.
 */

/**
 * Kept in what is sent but invisible, or reordering what is around them, in what is shown: bidi
 * embeddings, overrides, isolates and marks, zero-width and joiner characters, the BOM, soft hyphen,
 * the line and paragraph separators, Hangul fillers and the tag characters.
 */
const HIDDEN =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]|\udb40[\udc00-\udc7f]/g;

export interface Insertion {
  /** What will be typed, line by line: no control characters but tab, no CR, no LF. */
  readonly lines: readonly string[];
  /** The lines joined by LF (what a preview shows, and what a bracketed several-line paste holds). */
  readonly text: string;
  /** Controls removed, by their Control Picture (`␛`, `␍`), in the order first met. */
  readonly removed: ReadonlyMap<string, number>;
  /** Lone surrogates replaced with U+FFFD. */
  readonly repaired: number;
  /** Invisible or reordering characters kept in the text (they are shown in previews). */
  readonly hidden: number;
  /** Characters were removed or replaced (line breaks at the end and CR LF → LF do not count). */
  readonly changed: boolean;
}

/** `␛` for ESC, `␀` for NUL, `␡` for DEL, `␛` + its 7-bit twin for a C1 control (U+009B shows as `␛[`). */
const controlPicture = (char: string): string => {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `\u241b${String.fromCharCode(code - 0x40)}`;
};

const isControl = (code: number): boolean => (code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f);
const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/**
 * The text as the gate lets it through: CR LF, a lone CR and a lone LF end a line (a lone CR is
 * Enter to a shell), line breaks at the end are dropped (a copied line ends with one), the other
 * controls are removed and lone surrogates become U+FFFD. One pass over the characters, copying
 * runs of plain text as slices: a 1 MB line takes ~8 ms, 1 MB of short lines 0.2–0.4 s on a loaded
 * machine (the array of lines), where a regular-expression replace per rule took over a second.
 */
export const gateInsertion = (raw: string): Insertion => {
  const removed = new Map<string, number>();
  let repaired = 0;
  let end = raw.length;
  while (end > 0 && (raw.charCodeAt(end - 1) === 0x0a || raw.charCodeAt(end - 1) === 0x0d)) end--;
  const lines: string[] = [];
  let line = '';
  let from = 0;
  for (let i = 0; i < end; i++) {
    const code = raw.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) continue;
    if (code === 0x0a || code === 0x0d) {
      lines.push(line + raw.slice(from, i));
      line = '';
      if (code === 0x0d && raw.charCodeAt(i + 1) === 0x0a) i++;
      from = i + 1;
    } else if (isControl(code)) {
      line += raw.slice(from, i);
      from = i + 1;
      const picture = controlPicture(raw[i]!);
      removed.set(picture, (removed.get(picture) ?? 0) + 1);
    } else if (isHigh(code) && isLow(raw.charCodeAt(i + 1))) {
      i++;
    } else if (isHigh(code) || isLow(code)) {
      line += `${raw.slice(from, i)}\ufffd`;
      from = i + 1;
      repaired++;
    }
  }
  lines.push(line + raw.slice(from, end));
  const text = lines.join('\n');
  let hidden = 0;
  for (const _ of text.matchAll(HIDDEN)) hidden++;
  return { lines, text, removed, repaired, hidden, changed: removed.size > 0 || repaired > 0 };
};

/** Several lines, or characters a reader cannot see: the text is shown whole and confirmed first. */
export const needsConfirmation = (insertion: Insertion): boolean => insertion.lines.length > 1 || insertion.hidden > 0;

/** Why the text cannot be inserted into a terminal in this mode, or undefined when it can. */
export const refusalOf = (insertion: Insertion, bracketedPaste: boolean): string | undefined =>
  insertion.lines.length > 1 && !bracketedPaste
    ? `Not inserted: ${insertion.lines.length} lines, and the program here did not ask for bracketed paste, so each line break would run a line.`
    : undefined;

const BRACKET_START = '\x1b[200~';
const BRACKET_END = '\x1b[201~';

/**
 * What is typed for an insertion: inside one bracketed paste when the program asked for it, plain
 * otherwise. Several lines are typed only bracketed (joined by LF, which a shell reading a bracketed
 * paste keeps in its line editor until Enter) and only after the user confirmed them; a CR is never
 * typed. Undefined when the text cannot be inserted (refusalOf).
 */
export const insertionData = (insertion: Insertion, bracketedPaste: boolean): string | undefined => {
  if (refusalOf(insertion, bracketedPaste)) return undefined;
  return bracketedPaste ? `${BRACKET_START}${insertion.text}${BRACKET_END}` : insertion.text;
};

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What the gate changed, for the status line; undefined when nothing was. */
export const changeSummary = (insertion: Insertion): string | undefined => {
  if (!insertion.changed) return undefined;
  const parts: string[] = [];
  const controls = [...insertion.removed.values()].reduce((sum, count) => sum + count, 0);
  if (controls > 0) parts.push(`removed ${plural(controls, 'control character')} (${[...insertion.removed.keys()].join(' ')})`);
  if (insertion.repaired > 0) parts.push(`replaced ${plural(insertion.repaired, 'broken character')} with �`);
  return `The inserted text was changed: ${parts.join(', ')}.`;
};

/**
 * The text as a preview shows it: every invisible or reordering character as `⟨U+202E⟩`, so what
 * is read is what is typed. Tabs and line breaks stay.
 */
export const shownText = (text: string): string =>
  text.replace(HIDDEN, (char) => `⟨U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}⟩`);
