// SPDX-License-Identifier: MIT
// Regex fragments shared by the rule tables. All repetitions are bounded or end at the secret.

/** The token does not continue: no letter, digit, `_` or `-` right after it. */
export const END = String.raw`(?![A-Za-z0-9_-])`;

/** The token does not start mid-word. */
export const START = String.raw`(?<![A-Za-z0-9_-])`;

/**
 * A value in double quotes, single quotes, or bare up to a delimiter. A quote need not be closed:
 * requiring it would make an unclosed one rescan the rest of the line from every earlier start.
 * Backquotes hold a value only when closed around one word (Go's raw strings): around a command
 * (`\x60cat ~/.token\x60`) they are the shell's substitution, a reference.
 */
export const VALUE = String.raw`(?:"(?<s>[^"\n]+)|'(?<s1>[^'\n]+)|\x60(?<s3>[^\x60\s]+)\x60|(?<s2>[^\s"'\x60;&|,}\]\[(<>]+))`;

/**
 * The rest of a shell command, across `\`-continued lines, up to 400 characters. Each rule using it
 * starts with a command word followed by a blank (`curl `, not the `https` of every URL), so the
 * scan runs from few places; its cost is at most 400 steps per start, linear in the input.
 */
export const CMD = String.raw`(?:[^\n\\]|\\[^\n]|\\\r?\n){0,400}?`;

/** Separator between a flag and its value: `=`, spaces, or a `\`-continued line break. */
export const ARG = String.raw`(?:=|[ \t]{1,5}|[ \t]{0,5}\\\r?\n[ \t]{0,40})`;
