// SPDX-License-Identifier: MIT
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import type { Node as TsNode, Parser as TsParser } from '@vscode/tree-sitter-wasm';
import { moduleUrl } from '../../runtime/paths';

export type SyntaxNode = TsNode;

/**
 * The bash grammar of tree-sitter, compiled to WASM. We use the package VS Code ships
 * (@vscode/tree-sitter-wasm): it holds both the web-tree-sitter runtime and
 * tree-sitter-bash.wasm, needs no native build and no install script. (sh-syntax, the WASM build of
 * mvdan/sh, was tried first: its 0.7 JSON AST keeps only the positions of a statement's command,
 * not the command itself, so it cannot be walked.)
 *
 * How the WASM is loaded: the runtime and the grammar are two .wasm files inside the package;
 * both are located through Node's resolver from this module's URL (moduleUrl works for the
 * sources under Vitest and for the bundles), so a bundle must keep the package external in
 * node_modules rather than inline it. Loading is async and happens once.
 */
let loading: Promise<TsParser> | undefined;

const load = async (): Promise<TsParser> => {
  const require = createRequire(moduleUrl());
  const wasmDir = join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
  const { Parser, Language } = require('@vscode/tree-sitter-wasm') as typeof TreeSitter;
  await Parser.init({ locateFile: (file: string) => join(wasmDir, file) });
  const bash = await Language.load(readFileSync(join(wasmDir, 'tree-sitter-bash.wasm')));
  const parser = new Parser();
  parser.setLanguage(bash);
  return parser;
};

/** The shared bash parser, ready to use synchronously once this promise settles. */
export const bashParser = (): Promise<TsParser> => {
  loading ??= load();
  return loading;
};
