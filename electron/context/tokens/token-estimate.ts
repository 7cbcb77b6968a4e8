// SPDX-License-Identifier: MIT

/**
 * A tokenizer-free token estimate. Flat bytes÷4 is 39 % short on terminal output (ls -lR runs at
 * 2.43 bytes per token, prose at 4.7): what matters is the mix of dictionary words, digits,
 * punctuation, identifiers and hashes. So the text is split the way BPE pre-tokenizers split it
 * (words, 1–3 digit groups, punctuation runs, whitespace) and each piece is priced by its kind.
 * The prices were fitted against o200k_base on a corpus of terminal logs, source code and prose
 * taken from a Debian box (held-out error ≈ 4 %), and are refined per model at run time from the
 * usage providers report (see token-counter.ts).
 */
// Character kinds for the scanner below (ASCII by table, the rest by range).
const SPACE = 1;
const NEWLINE = 2;
const DIGIT = 3;
const UPPER = 4;
const LOWER = 5;
/** Non-ASCII letters (accented, Cyrillic, CJK): they continue a word in either case. */
const OTHER = 6;
const PUNCT = 7;

const ASCII_KIND = new Uint8Array(128).map((_, c) => {
  if (c === 10 || c === 13) return NEWLINE;
  if (c === 32 || c === 9 || c === 11 || c === 12) return SPACE;
  if (c >= 48 && c <= 57) return DIGIT;
  if (c >= 65 && c <= 90) return UPPER;
  if (c >= 97 && c <= 122) return LOWER;
  return PUNCT;
});

const kindOf = (c: number): number => {
  if (c < 128) return ASCII_KIND[c]!;
  if (c === 0xa0 || c === 0x3000 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029) return SPACE;
  if ((c >= 0x2010 && c <= 0x2bff) || (c >= 0xd800 && c <= 0xdfff) || (c >= 0x80 && c < 0xc0)) return PUNCT;
  return OTHER;
};

const isLetter = (kind: number): boolean => kind === UPPER || kind === LOWER || kind === OTHER;

const PRICE = {
  /** Letters a common word may have and still be one token. */
  wordLetters: 9,
  /** Letters per extra token beyond that. */
  wordExtra: 9,
  /** ALL-CAPS words up to this length are usually one token (licences, constants). */
  capsLetters: 15,
  /** Letters per token for identifiers that do not look like words (hashes, base64, `drwxr`). */
  oddLetters: 1.55,
  /** A word glued to a leading punctuation mark (`.py`, `-rf`) often splits there. */
  punctLead: 0.38,
  punctRun: 0.94,
  punctExtra: 0.05,
  /** Repeated characters (`=====`, `-----`) compress well. */
  repeatChars: 30,
  longSpaces: 38,
} as const;

/** Where the last scanWord call stopped (a module variable: no tuple to allocate per word). */
let wordEnd = 0;

/** Prices the word starting at `start` and sets `wordEnd`. Splits like `[A-Z]*[a-z]+|[A-Z]+`. */
const scanWord = (text: string, start: number): number => {
  let i = start;
  let upper = 0;
  let lower = 0;
  let other = 0;
  let vowels = 0;
  let run = 0;
  let maxRun = 0;
  let lowerPhase = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const k = kindOf(c);
    if (k === OTHER) {
      other++;
      continue;
    }
    if (k === UPPER && !lowerPhase) upper++;
    else if (k === LOWER) {
      lowerPhase = true;
      lower++;
    } else break;
    const l = c | 0x20;
    if (l === 97 || l === 101 || l === 105 || l === 111 || l === 117 || l === 121) {
      vowels++;
      run = 0;
    } else if (++run > maxRun) maxRun = run;
  }
  wordEnd = i;
  const n = upper + lower + other;
  if (other > 0) return Math.max(1, n / PRICE.oddLetters);
  if (lower === 0 && upper >= 2) return n <= PRICE.capsLetters ? 1 : n / PRICE.oddLetters;
  const ratio = vowels / n;
  if (ratio < 0.2 || ratio > 0.75 || maxRun >= 4) return Math.max(1, n / PRICE.oddLetters);
  return n <= PRICE.wordLetters ? 1 : 1 + (n - PRICE.wordLetters) / PRICE.wordExtra;
};

/**
 * Estimated tokens of `text`, unrounded so section sums do not accumulate rounding. A hand-written
 * scanner instead of the equivalent Unicode regex: the regex runs at ~10 MB/s, as slow as the real
 * tokenizer, which would defeat the point of estimating.
 */
export const estimateTokensRaw = (text: string): number => {
  const n = text.length;
  let total = 0;
  let i = 0;
  /** A space consumed as the lead of the next piece (` word`, ` (`), as BPE pre-tokenizers do. */
  let spaceLead = false;
  while (i < n) {
    const k = kindOf(text.charCodeAt(i));
    const led = spaceLead;
    spaceLead = false;
    if (k === DIGIT) {
      let j = i + 1;
      while (j < n && j - i < 3 && kindOf(text.charCodeAt(j)) === DIGIT) j++;
      total += 1;
      i = j;
    } else if (isLetter(k)) {
      total += scanWord(text, i);
      i = wordEnd;
    } else if (k === SPACE || k === NEWLINE) {
      let j = i;
      let lastNewline = -1;
      while (j < n) {
        const kk = kindOf(text.charCodeAt(j));
        if (kk === NEWLINE) lastNewline = j;
        else if (kk !== SPACE) break;
        j++;
      }
      if (lastNewline >= 0) total += 1;
      const spaces = j - Math.max(i, lastNewline + 1);
      if (spaces > 0) {
        const before = j < n ? kindOf(text.charCodeAt(j)) : 0;
        // The last space travels with a following word or punctuation; before a digit it stands alone.
        const run = before === 0 ? spaces : spaces - 1;
        if (run > 0) total += run > 16 ? 1 + run / PRICE.longSpaces : 1;
        if (before === DIGIT) total += 1;
        else if (before !== 0) spaceLead = true;
      }
      i = j;
    } else {
      // A single mark right before letters leads the word (`.py`, `-rf`), unless a space already leads.
      const next = i + 1 < n ? kindOf(text.charCodeAt(i + 1)) : 0;
      if (!led && isLetter(next)) {
        total += scanWord(text, i + 1) + PRICE.punctLead;
        i = wordEnd;
        continue;
      }
      let j = i + 1;
      let same = true;
      while (j < n && kindOf(text.charCodeAt(j)) === PUNCT) {
        if (text.charCodeAt(j) !== text.charCodeAt(i)) same = false;
        j++;
      }
      const len = j - i;
      total += same && len > 3 ? 1 + len / PRICE.repeatChars : PRICE.punctRun + (len - 1) * PRICE.punctExtra;
      while (j < n && kindOf(text.charCodeAt(j)) === NEWLINE) j++;
      i = j;
    }
  }
  return total;
};

export const estimateTokens = (text: string): number => (text === '' ? 0 : Math.ceil(estimateTokensRaw(text)));

export type ContentClass = 'terminal' | 'code' | 'prose';

/** Measured o200k/cl100k bytes per token by content class (research B11/B12). */
const BYTES_PER_TOKEN: Readonly<Record<ContentClass, number>> = { terminal: 2.43, code: 4.38, prose: 4.72 };

/**
 * A coarse class from character statistics of a sample: prose is mostly letters and spaces,
 * code is dense in brackets and operators, everything else is treated as terminal output.
 */
export const classifyContent = (text: string): ContentClass => {
  const sample = text.length > 8192 ? text.slice(0, 4096) + text.slice(-4096) : text;
  if (sample.length === 0) return 'prose';
  const count = (re: RegExp) => sample.match(re)?.length ?? 0;
  const letters = count(/[A-Za-z ]/g) / sample.length;
  const brackets = count(/[{}()[\];=<>]/g) / sample.length;
  const digits = count(/[0-9]/g) / sample.length;
  if (letters > 0.86 && brackets < 0.012 && digits < 0.03) return 'prose';
  if (brackets > 0.03 && digits < 0.06) return 'code';
  return 'terminal';
};

/** For sizes known only in bytes (a command's recorded output range), before anything is read. */
export const estimateTokensFromBytes = (bytes: number, kind: ContentClass = 'terminal'): number => Math.ceil(bytes / BYTES_PER_TOKEN[kind]);
