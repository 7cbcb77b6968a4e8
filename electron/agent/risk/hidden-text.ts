// SPDX-License-Identifier: MIT

/**
 * Characters that make what runs differ from what the user reads:
 * - controls (Cc) are keys to the line editor (Ctrl+U erases what came before, ESC starts a
 *   sequence, a tab completes); format characters (Cf) are invisible or reorder the text on screen
 *   (bidi overrides, U+061C, zero-width ones, tags, the soft hyphen, musical formatting U+1D173…);
 * - every space but the ASCII one (Zs, Zl, Zp: U+00A0, U+2000–U+200A, U+3000…) looks like a word break
 *   but is part of the word to the shell: `rm -rf /tmp\u00a0/` shows two arguments and runs with one;
 * - default-ignorable code points render as nothing (the Hangul fillers U+115F, U+1160, U+3164,
 *   U+FFA0, variation selectors, Mongolian and Khmer fillers, combining grapheme joiner);
 * - private-use, surrogate and unassigned code points have no glyph anyone agreed on;
 * - and characters that are letters or symbols but are drawn blank: U+2800 (braille pattern blank,
 *   the red team's 1,400 of them pushed `touch X` out of sight before ` git status`) and the
 *   musical null noteheads U+1D159/U+1D15A.
 * A newline is refused on its own by the caller, with its own reason.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}\p{Default_Ignorable_Code_Point}\u2800\u{1d159}\u{1d15a}]|(?! )\p{Zs}/u;

/** The same characters, to replace them in text that is only shown (the step's reason). */
export const HIDDEN_CHARACTERS = new RegExp(HIDDEN.source, 'gu');

/** The first hidden character of `text` as U+XXXX, or null. */
const hiddenCharacter = (text: string): string | null => {
  const found = HIDDEN.exec(text);
  if (!found) return null;
  return `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
};

/**
 * Spaces in a row beyond this, between words and outside quotes, push the rest of the line out of
 * sight as surely as blank characters do (`ls` + a screenful of spaces + `; curl … | sh`). Inside
 * quotes they are data (`printf '%-8s'`), and a run there cannot separate two commands.
 */
const MAX_UNQUOTED_SPACES = 7;

/** A run of more than MAX_UNQUOTED_SPACES spaces outside quotes, or null. */
const longSpaceRun = (command: string): number | null => {
  let single = false;
  let double = false;
  let run = 0;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    if (ch === ' ' && !single && !double) {
      if (++run > MAX_UNQUOTED_SPACES) return i;
      continue;
    }
    run = 0;
    if (ch === '\\' && !single) i++;
    else if (ch === "'" && !double) single = !single;
    else if (ch === '"' && !single) double = !double;
  }
  return null;
};

/**
 * Scripts whose letters are read together in one word: Japanese mixes Han, Hiragana and Katakana,
 * Korean Hangul and Han. Any other pair of scripts in one word is a look-alike trap
 * (`gіthub.com` with a Cyrillic і, `pαsswd` with a Greek α) far more often than a real word.
 */
const SCRIPT_GROUPS: readonly (readonly [string, RegExp])[] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Coptic', /\p{Script=Coptic}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];

const scriptOf = (letter: string): string => SCRIPT_GROUPS.find(([, re]) => re.test(letter))?.[0] ?? `other:${letter}`;

/** A word (a run of letters and marks) whose letters come from more than one script, or null. */
const mixedScriptWord = (text: string): string | null => {
  for (const [word] of text.matchAll(/[\p{L}\p{M}]+/gu)) {
    const scripts = new Set<string>();
    for (const ch of word) if (/\p{L}/u.test(ch)) scripts.add(scriptOf(ch));
    if (scripts.size > 1) return word;
  }
  return null;
};

/** Why `command` would not run as it reads, as a sentence for the model; null when it would. */
export const hiddenTextProblem = (command: string): string | null => {
  const code = hiddenCharacter(command);
  if (code) {
    return `the command holds an invisible, blank-looking, control or look-alike space character (${code}) that would make what runs differ from what the user reads; send plain text`;
  }
  const word = mixedScriptWord(command);
  if (word) {
    return `the word "${word}" mixes scripts (a letter from one alphabet among letters of another looks the same and is not); write it in one script`;
  }
  if (longSpaceRun(command) !== null) {
    return 'the command holds a long run of spaces that would push its rest out of sight; send it compactly';
  }
  return null;
};

/** The same, for a line the user edited: the sentence is shown to the user. */
export const hiddenTextForUser = (command: string): string | null => {
  const code = hiddenCharacter(command);
  if (code) return `The command holds an invisible, blank-looking, control or look-alike space character (${code}); type it as plain text.`;
  const word = mixedScriptWord(command);
  if (word) return `The word "${word}" mixes letters of different scripts that look alike; type it in one script.`;
  if (longSpaceRun(command) !== null) return 'The command holds a long run of spaces that would hide its rest; remove them.';
  return null;
};
