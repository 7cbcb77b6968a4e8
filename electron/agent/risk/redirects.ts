// SPDX-License-Identifier: MIT
import type { Node as SyntaxNode } from '@vscode/tree-sitter-wasm';
import { readArg } from './words';

/** A file redirection kept with its target, wherever it sits in the line. */
export interface Redirection {
  /** The operator as written: >, >|, >>, &>, &>>, >&, <, <>… */
  readonly op: string;
  readonly target: string;
  /** Where it was written, for the warning ("> config.yml"). */
  readonly text: string;
}

const named = (node: SyntaxNode): SyntaxNode[] => node.namedChildren.filter((c): c is SyntaxNode => c !== null);

export const readRedirect = (node: SyntaxNode): Redirection | null => {
  if (node.type !== 'file_redirect') return null; // heredocs and herestrings only feed stdin
  const op = node.children.find((c) => c !== null && !c.isNamed)?.text ?? '';
  const dest = node.childForFieldName('destination');
  return { op, target: dest ? readArg(dest).value : '', text: node.text };
};

/**
 * The script a shell reads on stdin from a here-document or here-string (`bash <<EOF … EOF`,
 * `sh <<< "…"`): the shell runs it, so it is parsed like the string of `sh -c`.
 */
export const stdinScripts = (node: SyntaxNode): string[] => {
  const redirects = [...node.childrenForFieldName('redirect')];
  if (node.parent?.type === 'redirected_statement') redirects.push(...node.parent.childrenForFieldName('redirect'));
  return redirects.flatMap((r) => {
    if (r?.type === 'herestring_redirect') return named(r).map((w) => readArg(w).value);
    if (r?.type === 'heredoc_redirect')
      return named(r)
        .filter((c) => c.type === 'heredoc_body')
        .map((c) => c.text);
    return [];
  });
};
