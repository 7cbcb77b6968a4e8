// SPDX-License-Identifier: MIT
import type { SyntaxNode } from './shell-parser';

/** One argument as the shell would pass it, as far as the text alone can tell. */
export interface Arg {
  /** The value with quotes and backslashes removed; expansions stay as written ("$HOME"). */
  readonly value: string;
  /** An unquoted *, ? or [ the shell would expand: "rm -r" and "rm *" are both listed deletions. */
  readonly glob: boolean;
  /** Holds an expansion or a substitution, so the real value is only known when it runs. */
  readonly dynamic: boolean;
}

const GLOB = /[*?[]/;

const unescape = (text: string): string => text.replace(/\\(.)/gs, '$1');

/** Reads a word-like node (word, string, raw_string, concatenation, expansions…) into an Arg. */
export const readArg = (node: SyntaxNode): Arg => {
  switch (node.type) {
    case 'word':
      return { value: unescape(node.text), glob: GLOB.test(node.text.replace(/\\./gs, '')), dynamic: false };
    case 'raw_string':
      return { value: node.text.slice(1, -1), glob: false, dynamic: false };
    case 'ansi_c_string':
      return { value: node.text.slice(2, -1), glob: false, dynamic: false };
    case 'string': {
      const inner = node.text.slice(node.text.startsWith('$"') ? 2 : 1, -1);
      const dynamic = node.namedChildren.some((c) => c !== null && c.type !== 'string_content');
      return { value: inner.replace(/\\([$`"\\\n])/g, '$1'), glob: false, dynamic };
    }
    case 'concatenation': {
      const parts = node.namedChildren.filter((c): c is SyntaxNode => c !== null).map(readArg);
      return {
        value: parts.map((p) => p.value).join(''),
        glob: parts.some((p) => p.glob),
        dynamic: parts.some((p) => p.dynamic),
      };
    }
    case 'number':
      return { value: node.text, glob: false, dynamic: false };
    default:
      // $VAR, ${…}, $( … ), <( … ), arithmetic: the value is decided at run time.
      return { value: node.text, glob: false, dynamic: true };
  }
};
