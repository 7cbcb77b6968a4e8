// SPDX-License-Identifier: MIT

/**
 * bash's pattern matching as HISTIGNORE uses it (strmatch without extglob, FNM_PATHNAME or
 * FNM_PERIOD): `*` any run of characters, `/` and a leading `.` included; `?` one character;
 * `[...]` one of a set (`!` or `^` negates, ranges, `[:class:]`, `]` first is literal, an unclosed
 * `[` is itself); `\x` is x. The whole line must match. An unescaped `&` stands for the previous
 * history line, taken literally (bash quotes it before it expands the pattern).
 *
 * Written here rather than taken from a glob library: those treat `/` and dot files specially,
 * add brace expansion or `**`, and none of them knows `&`. Every token but `*` takes one
 * character, so one backtrack point for the last `*` is exact and keeps matching at O(n·m).
 */

type Token =
  { kind: 'char'; char: string } | { kind: 'any' } | { kind: 'star' } | { kind: 'set'; negate: boolean; test: (char: string) => boolean };

const CLASSES: Record<string, RegExp> = {
  alnum: /[\p{L}\p{N}]/u,
  alpha: /\p{L}/u,
  ascii: /[\x00-\x7f]/,
  blank: /[ \t]/,
  cntrl: /[\x00-\x1f\x7f]/,
  digit: /[0-9]/,
  graph: /[^\s\p{C}]/u,
  lower: /\p{Ll}/u,
  print: /[^\p{C}]/u,
  punct: /[!-/:-@[-`{-~]/,
  space: /\s/,
  upper: /\p{Lu}/u,
  word: /[\p{L}\p{N}_]/u,
  xdigit: /[0-9A-Fa-f]/,
};

/**
 * Reads a bracket expression starting after `[` at `chars[start]`: null when it never closes (the
 * `[` is then itself), 'fail' when the pattern ends inside a range (`[a-`), which bash's strmatch
 * takes as matching nothing.
 */
const readSet = (chars: readonly string[], start: number): { token: Token; next: number } | null | 'fail' => {
  let i = start;
  const negate = chars[i] === '!' || chars[i] === '^';
  if (negate) i++;
  const tests: Array<(char: string) => boolean> = [];
  let first = true;
  while (i < chars.length && (chars[i] !== ']' || first)) {
    first = false;
    const class_ = chars[i] === '[' && chars[i + 1] === ':' ? /^\[:([a-z]+):\]/.exec(chars.slice(i, i + 12).join('')) : null;
    if (class_) {
      const re = CLASSES[class_[1]!];
      tests.push(re ? (char) => re.test(char) : () => false);
      i += class_[0].length;
      continue;
    }
    let low = chars[i]!;
    if (low === '\\' && i + 1 < chars.length) low = chars[++i]!;
    i++;
    if (chars[i] === '-' && i + 1 === chars.length) return 'fail';
    if (chars[i] === '-' && chars[i + 1] !== ']') {
      let high = chars[i + 1]!;
      i += 2;
      if (high === '\\' && i < chars.length) high = chars[i++]!;
      const [from, to] = [low.codePointAt(0)!, high.codePointAt(0)!];
      tests.push((char) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to);
    } else {
      const only = low;
      tests.push((char) => char === only);
    }
  }
  if (i >= chars.length) return null;
  return { token: { kind: 'set', negate, test: (char) => tests.some((test) => test(char)) }, next: i + 1 };
};

/** The pattern's tokens, or null when it can match nothing. */
const tokenize = (pattern: string, previous: string | null): Token[] | null => {
  const chars = Array.from(pattern);
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') tokens.push({ kind: 'any' });
    else if (char === '\\' && i + 1 < chars.length) tokens.push({ kind: 'char', char: chars[++i]! });
    else if (char === '&') {
      if (previous === null) return null;
      for (const literal of previous) tokens.push({ kind: 'char', char: literal });
    } else if (char === '[') {
      const set = readSet(chars, i + 1);
      if (set === 'fail') return null;
      if (set) {
        tokens.push(set.token);
        i = set.next - 1;
      } else tokens.push({ kind: 'char', char });
    } else tokens.push({ kind: 'char', char });
  }
  return tokens;
};

const takes = (token: Token, char: string): boolean =>
  token.kind === 'any' || (token.kind === 'char' ? token.char === char : token.kind === 'set' && token.test(char) !== token.negate);

/** Whether `text` matches the bash pattern whole; `previous` is what `&` stands for (none: a pattern with `&` matches nothing). */
export const matchesBashPattern = (pattern: string, text: string, previous: string | null = null): boolean => {
  const tokens = tokenize(pattern, previous);
  if (!tokens) return false;
  const chars = Array.from(text);
  let t = 0;
  let c = 0;
  let starAt = -1;
  let starChar = 0;
  while (c < chars.length) {
    const token = tokens[t];
    if (token?.kind === 'star') {
      starAt = t++;
      starChar = c;
    } else if (token && takes(token, chars[c]!)) {
      t++;
      c++;
    } else if (starAt >= 0) {
      t = starAt + 1;
      c = ++starChar;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
};
