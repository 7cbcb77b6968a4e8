// SPDX-License-Identifier: MIT
import type { Node as SyntaxNode } from '@vscode/tree-sitter-wasm';
import { plainWord, readArg, type Arg } from './words';

/** More words than this from one brace expansion: not something to read, so not expanded. */
const MAX_WORDS = 64;

/** The first top-level `{a,b}` in an unquoted word, as [start, end, alternatives]. */
const firstGroup = (text: string): [number, number, string[]] | null => {
  for (let start = 0; start < text.length; start++) {
    if (text[start] === '\\') {
      start++;
      continue;
    }
    if (text[start] !== '{') continue;
    let depth = 0;
    const parts: string[] = [];
    let from = start + 1;
    for (let i = start; i < text.length; i++) {
      const ch = text[i];
      if (ch === '\\') i++;
      else if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) {
        parts.push(text.slice(from, i));
        if (parts.length > 1) return [start, i + 1, parts];
        break;
      } else if (ch === ',' && depth === 1) {
        parts.push(text.slice(from, i));
        from = i + 1;
      }
    }
  }
  return null;
};

/**
 * Bash's brace expansion of an unquoted word (`r{m,}` → `rm r`, `{-r,-f}` → `-r -f`), so that a
 * command hidden in braces is read as the words that run. Sequences (`{1..3}`) stay as written:
 * they only make numbers or letters. Null when the word has no braces to expand or expands to
 * too many words.
 */
const expandBraces = (text: string): string[] | null => {
  const group = firstGroup(text);
  if (!group) return null;
  const [start, end, parts] = group;
  const words: string[] = [];
  for (const part of parts) {
    const word = text.slice(0, start) + part + text.slice(end);
    words.push(...(expandBraces(word) ?? [word]));
    if (words.length > MAX_WORDS) return null;
  }
  return words;
};

/** An unquoted word with braces runs as the words they expand to: `r{m,} -rf x` is `rm r -rf x`. */
export const wordArgs = (node: SyntaxNode): Arg[] => {
  const unquoted = node.type === 'word' || (node.type === 'concatenation' && node.namedChildren.every((c) => c?.type === 'word'));
  if (!unquoted || !node.text.includes('{')) return [readArg(node)];
  const words = expandBraces(node.text);
  if (words === null) return [{ ...readArg(node), dynamic: node.text.includes(',') }];
  return words.map(plainWord);
};
