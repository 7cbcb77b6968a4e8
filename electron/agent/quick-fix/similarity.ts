// SPDX-License-Identifier: MIT
import { isTypo, tokenize, type Token } from './tokens';

/** What changed between a failed line and the line that then worked. */
export type ChangeKind = 'typo' | 'sudo' | 'added-flag' | 'removed-flag' | 'changed-argument';

/**
 * The one-word edit that turns the failed line into the fixed one, by word index: `insert` puts the
 * fixed line's word `index` in, `remove` drops the failed line's word `index`, `replace` swaps word
 * `index`. Kept so the same edit can be replayed on a near-identical line (candidates.ts).
 */
export interface WordEdit {
  readonly op: 'insert' | 'remove' | 'replace';
  readonly index: number;
}

export interface Variant {
  readonly kind: ChangeKind;
  /** 0–1: how surely the second line is a fix of the first (a typo fix beats an unrelated argument). */
  readonly score: number;
  /** The changed word is a misspelling of the other (`buidl`/`build`), not a different word. */
  readonly typo: boolean;
  readonly edit: WordEdit;
}

const isFlag = (word: string): boolean => word.startsWith('-') && word.length > 1;

const sameWords = (a: readonly Token[], b: readonly Token[]): boolean =>
  a.length === b.length && a.every((token, i) => token.value === b[i]?.value);

/** The index of the single word whose removal from `longer` leaves `shorter`, if there is one. */
const singleInsertion = (shorter: readonly Token[], longer: readonly Token[]): number | undefined => {
  let i = 0;
  while (i < shorter.length && shorter[i]?.value === longer[i]?.value) i++;
  for (let j = i; j < shorter.length; j++) if (shorter[j]?.value !== longer[j + 1]?.value) return undefined;
  return i;
};

const replacement = (failed: readonly Token[], fixed: readonly Token[]): Variant | undefined => {
  const differing = failed.map((token, i) => (token.value === fixed[i]?.value ? -1 : i)).filter((i) => i >= 0);
  if (differing.length !== 1) return undefined;
  const index = differing[0] ?? 0;
  const typo = isTypo(failed[index]?.value ?? '', fixed[index]?.value ?? '');
  const edit = { op: 'replace', index } as const;
  // A different program word is a different command unless it is a misspelling of it.
  if (index === 0) return typo ? { kind: 'typo', score: 0.9, typo, edit } : undefined;
  return { kind: 'changed-argument', score: typo ? 0.85 : 0.7, typo, edit };
};

/**
 * Whether `fixed` is a variant of `failed` that could be its fix: the same program (or a misspelling
 * of it, or it under `sudo`) with one word added, removed or changed. Lines that differ more are
 * left out on purpose: a history full of unrelated commands in the same folder must not turn into
 * suggestions. Undefined when the lines are identical or not variants.
 */
export const variantOf = (failedLine: string, fixedLine: string): Variant | undefined => {
  const failed = tokenize(failedLine);
  const fixed = tokenize(fixedLine);
  if (failed.length === 0 || fixed.length === 0 || sameWords(failed, fixed)) return undefined;
  if (fixed[0]?.value === 'sudo' && failed[0]?.value !== 'sudo' && sameWords(failed, fixed.slice(1))) {
    return { kind: 'sudo', score: 0.95, typo: false, edit: { op: 'insert', index: 0 } };
  }
  if (failed.length === fixed.length) return replacement(failed, fixed);
  if (fixed.length === failed.length + 1) {
    const index = singleInsertion(failed, fixed);
    if (index === undefined || index === 0) return undefined;
    const flag = isFlag(fixed[index]?.value ?? '');
    return { kind: flag ? 'added-flag' : 'changed-argument', score: flag ? 0.85 : 0.65, typo: false, edit: { op: 'insert', index } };
  }
  if (failed.length === fixed.length + 1) {
    const index = singleInsertion(fixed, failed);
    if (index === undefined || index === 0) return undefined;
    const flag = isFlag(failed[index]?.value ?? '');
    return { kind: flag ? 'removed-flag' : 'changed-argument', score: flag ? 0.8 : 0.6, typo: false, edit: { op: 'remove', index } };
  }
  return undefined;
};

/** The same line as far as the shell is concerned (quoting and spacing aside). */
export const sameLine = (a: string, b: string): boolean => sameWords(tokenize(a), tokenize(b));

/**
 * A line near-identical to the failed one, so a fix found for it may fit: the same words, or one
 * word different in an argument (`make test-a` / `make test-b`). The program word must agree.
 */
export const nearIdentical = (a: string, b: string): boolean => {
  if (sameLine(a, b)) return true;
  const variant = variantOf(a, b);
  return variant !== undefined && variant.kind !== 'typo' && variant.kind !== 'sudo';
};

/**
 * Replays the edit that turned `failed` into `fixed` on `target`, a near-identical line, splicing
 * raw text so quoting is kept. Only when the words the edit touches read the same in `target` as
 * in `failed`; otherwise undefined, and the caller offers `fixed` as it is.
 */
export const replayEdit = (failedLine: string, fixedLine: string, edit: WordEdit, targetLine: string): string | undefined => {
  const failed = tokenize(failedLine);
  const fixed = tokenize(fixedLine);
  const target = tokenize(targetLine);
  const { op, index } = edit;
  const rawFixed = (i: number): string => {
    const token = fixed[i];
    return token ? fixedLine.slice(token.start, token.end) : '';
  };
  const prefixAgrees = (count: number): boolean =>
    target.length >= count && failed.slice(0, count).every((token, i) => token.value === target[i]?.value);
  if (op === 'insert') {
    if (!prefixAgrees(index)) return undefined;
    if (index === 0) return `${rawFixed(0)} ${targetLine.trimStart()}`;
    const at = target[index - 1]?.end ?? 0;
    return `${targetLine.slice(0, at)} ${rawFixed(index)}${targetLine.slice(at)}`;
  }
  const word = target[index];
  if (!word || word.value !== failed[index]?.value || !prefixAgrees(index)) return undefined;
  if (op === 'replace') return `${targetLine.slice(0, word.start)}${rawFixed(index)}${targetLine.slice(word.end)}`;
  const from = target[index - 1]?.end ?? word.start;
  return `${targetLine.slice(0, from)}${targetLine.slice(word.end)}`;
};
