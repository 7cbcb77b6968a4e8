// SPDX-License-Identifier: MIT
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import type { Node as TsNode, Parser as TsParser } from '@vscode/tree-sitter-wasm';
import { moduleUrl } from '../../runtime/paths';
import { wordArgs } from './braces';
import { readRedirect, stdinScripts, type Redirection } from './redirects';
import { readArg, type Arg } from './words';
import { CODE_VARIABLES, SHELLS, unwrap } from './unwrap';

export type { Redirection } from './redirects';
type SyntaxNode = TsNode;

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
const bashParser = (): Promise<TsParser> => {
  loading ??= load();
  return loading;
};

/** One simple command as it would run, after wrappers, eval and `sh -c` have been looked through. */
export interface SimpleCommand {
  /** argv[0] as written, or '' when the line only assigns variables. */
  readonly name: string;
  readonly args: readonly Arg[];
  /** Wrappers that were looked through, outermost first: ['sudo', 'xargs']. */
  readonly wrappers: readonly string[];
  /** The command's own text, for the warning. */
  readonly text: string;
  /** Pipeline id and the position in it, so "curl … | sh" can be seen as one flow. */
  readonly pipeline: number;
  readonly stage: number;
  /** The name is an expansion ($CMD, $(…)): what runs is not known from the text. */
  readonly dynamicName: boolean;
}

export type ParsedLine =
  | {
      readonly ok: true;
      readonly commands: readonly SimpleCommand[];
      readonly redirects: readonly Redirection[];
      /** What the line changes in the shell itself: variables set, functions defined. */
      readonly shellChanges: readonly string[];
    }
  | { readonly ok: false; readonly reason: string };

/** eval inside `bash -c` inside eval…: deeper than this is treated as unparsed, never as safe. */
const MAX_DEPTH = 6;

/** Internal: unwinds the walk when a part cannot be read; comes back to callers as `ok: false`. */
class UnparsedError extends Error {
  readonly code = 'shell-unparsed';
}

interface Walk {
  readonly parse: (text: string) => SyntaxNode;
  readonly commands: SimpleCommand[];
  readonly redirects: Redirection[];
  readonly shellChanges: string[];
  nextPipeline: number;
}

const named = (node: SyntaxNode): SyntaxNode[] => node.namedChildren.filter((c): c is SyntaxNode => c !== null);

const visitAssignment = (node: SyntaxNode, walk: Walk, depth: number): void => {
  const name = node.childForFieldName('name')?.text ?? '';
  walk.shellChanges.push(`sets ${name}`);
  const value = node.childForFieldName('value');
  if (value && CODE_VARIABLES.has(name)) parseInto(readArg(value).value.replace(/^\s*\|+/, ''), walk, depth + 1);
};

/**
 * zsh runs `ls # ; rm -rf x` as `ls '#'` then `rm -rf x` (comments are off at its prompt unless
 * interactivecomments is set): a comment counts as words whose command is not known, and what it
 * would run is read for its dangers when it parses.
 */
const visitComment = (node: SyntaxNode, walk: Walk, depth: number, pipeline: number): void => {
  walk.commands.push({ name: node.text, args: [], wrappers: [], text: node.text, pipeline, stage: 0, dynamicName: true });
  try {
    parseInto(`: \\${node.text}`, walk, depth + 1); // the # as a plain word, the rest as zsh reads it
  } catch (error) {
    if (!(error instanceof UnparsedError)) throw error;
  }
};

const emitCommand = (node: SyntaxNode, walk: Walk, depth: number, pipeline: number, stage: number): void => {
  const nameNode = node.childForFieldName('name');
  const argNodes = node.childrenForFieldName('argument').filter((c): c is SyntaxNode => c !== null);
  // Substitutions anywhere in the command (name, arguments, assignments) run too.
  for (const child of named(node)) visit(child, walk, depth, pipeline, stage, true);
  for (const r of node.childrenForFieldName('redirect')) {
    const redirect = r && readRedirect(r);
    if (redirect) walk.redirects.push(redirect);
  }
  if (!nameNode) {
    walk.commands.push({ name: '', args: [], wrappers: [], text: node.text, pipeline, stage, dynamicName: false });
    return;
  }
  const argv = [named(nameNode)[0] ?? nameNode, ...argNodes].flatMap(wordArgs);
  for (const found of unwrap(argv)) {
    if (found.kind === 'reparse') {
      parseInto(found.script, walk, depth + 1);
      continue;
    }
    const [first, ...rest] = found.argv;
    if (first && SHELLS.has(first.value) && !rest.some((a) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(a.value))) {
      for (const script of stdinScripts(node)) parseInto(script, walk, depth + 1);
    }
    walk.commands.push({
      name: first?.value ?? '',
      args: rest,
      wrappers: found.wrappers,
      text: node.text,
      pipeline,
      stage,
      dynamicName: first?.dynamic ?? false,
    });
  }
};

/**
 * Visits every node that can hold commands. Inside a command only substitutions matter (onlySubst),
 * since its words are read by emitCommand.
 */
const visit = (node: SyntaxNode, walk: Walk, depth: number, pipeline: number, stage: number, onlySubst = false): void => {
  switch (node.type) {
    case 'command':
      if (!onlySubst) return emitCommand(node, walk, depth, pipeline, stage);
      break;
    case 'pipeline': {
      const id = walk.nextPipeline++;
      named(node).forEach((c, i) => visit(c, walk, depth, id, i, onlySubst));
      return;
    }
    case 'variable_assignment':
      visitAssignment(node, walk, depth);
      break;
    case 'comment':
      visitComment(node, walk, depth, pipeline);
      break;
    case 'function_definition':
      walk.shellChanges.push(`defines ${node.childForFieldName('name')?.text ?? 'a function'}`);
      break;
    case 'command_substitution':
    case 'process_substitution':
      named(node).forEach((c) => visit(c, walk, depth, walk.nextPipeline++, 0, false));
      return;
    case 'file_redirect': {
      const redirect = readRedirect(node);
      if (redirect && !onlySubst) walk.redirects.push(redirect);
      break;
    }
    default:
      break;
  }
  for (const child of named(node)) visit(child, walk, depth, pipeline, stage, onlySubst);
};

const parseInto = (script: string, walk: Walk, depth: number): void => {
  if (depth > MAX_DEPTH) throw new UnparsedError('nested eval or sh -c too deep to follow');
  const root = walk.parse(script);
  if (root.hasError) throw new UnparsedError(`not valid shell syntax: ${script}`);
  visit(root, walk, depth, walk.nextPipeline++, 0);
};

/**
 * Parses a command line into the simple commands it would run. Anything the parser rejects, or a
 * nesting too deep to follow, comes back as not ok: the caller must never treat that as safe.
 */
export const parseCommandLine = async (line: string): Promise<ParsedLine> => {
  const parser = await bashParser();
  const trees: { delete(): void }[] = [];
  const walk: Walk = {
    parse: (text) => {
      const tree = parser.parse(text);
      if (!tree) throw new UnparsedError('the parser returned nothing');
      trees.push(tree);
      return tree.rootNode;
    },
    commands: [],
    redirects: [],
    shellChanges: [],
    nextPipeline: 0,
  };
  try {
    parseInto(line, walk, 0);
    return { ok: true, commands: walk.commands, redirects: walk.redirects, shellChanges: walk.shellChanges };
  } catch (error) {
    if (error instanceof UnparsedError) return { ok: false, reason: error.message };
    throw error;
  } finally {
    for (const tree of trees) tree.delete(); // WASM memory is not garbage-collected
  }
};
