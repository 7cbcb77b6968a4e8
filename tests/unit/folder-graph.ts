// SPDX-License-Identifier: MIT
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';

/** Source text by repository-relative path (posix separators). */
export type SourceFiles = ReadonlyMap<string, string>;

/** folder → folder it imports → one `file → specifier` that shows it (for the failure message). */
export type FolderGraph = Map<string, Map<string, string>>;

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

/** Every non-test .ts/.tsx file under the given roots, read from disk. */
export const readSources = (repoRoot: string, roots: readonly string[]): SourceFiles => {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) files.set(path, readFileSync(join(repoRoot, path), 'utf8'));
    }
  };
  for (const root of roots) walk(root);
  return files;
};

/** Files of each folder under the roots, tests left out (`*.test.ts(x)`); sub-folders count apart. */
export const filesPerFolder = (repoRoot: string, roots: readonly string[], { countTests = false } = {}): Map<string, string[]> => {
  const folders = new Map<string, string[]>();
  const walk = (dir: string): void => {
    const files: string[] = [];
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(posix.join(dir, entry.name));
      else if (countTests || !TEST.test(entry.name)) files.push(entry.name);
    }
    folders.set(dir, files);
  };
  for (const root of roots) walk(root);
  return folders;
};

/**
 * The specifiers a file depends on: `import … from` and `export … from` statements, type-only ones
 * included (`import type`, `export type { … } from`), and `import('…')` anywhere, as a type
 * (`typeof import('./x')`) or a call. A type-only dependency ties two folders as much as any other.
 */
export const importSpecifiers = (path: string, source: string): string[] => {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifiers;
};

/**
 * The folder a relative specifier lands in: `../context/request/budget` → `electron/context/request`,
 * `../../shared/ipc` (its index.ts) → `shared/ipc`. Package imports have no folder here (null).
 */
export const resolveFolder = (fromFile: string, specifier: string, files: SourceFiles): string | null => {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const target = posix.normalize(posix.join(posix.dirname(fromFile), specifier.replace(/\?.*$/, '')));
  const isFolder = ['/index.ts', '/index.tsx'].some((index) => files.has(target + index));
  const isFile = files.has(target) || ['.ts', '.tsx'].some((ext) => files.has(target + ext));
  return isFolder && !isFile ? target : posix.dirname(target);
};

/** Folder-level edges between the given roots; imports inside one folder are not edges. */
export const folderGraph = (files: SourceFiles, roots: readonly string[]): FolderGraph => {
  const inRoots = (folder: string) => roots.some((root) => folder === root || folder.startsWith(`${root}/`));
  const graph: FolderGraph = new Map();
  for (const [path, source] of files) {
    const from = posix.dirname(path);
    for (const specifier of importSpecifiers(path, source)) {
      const to = resolveFolder(path, specifier, files);
      if (to === null || to === from || !inRoots(to)) continue;
      let edges = graph.get(from);
      if (!edges) graph.set(from, (edges = new Map()));
      if (!edges.has(to)) edges.set(to, `${path} → '${specifier}'`);
    }
  }
  return graph;
};

/**
 * The same graph with every folder counted as its area, the folder directly under a root with
 * all its sub-folders (`electron/context/request` → `electron/context`): a cycle through
 * sub-folders of different areas (settings → context/relevance, context/conversation → store,
 * store/worker → settings) ties the areas together as much as one between two folders.
 */
export const areaGraph = (graph: FolderGraph): FolderGraph => {
  const areaOf = (folder: string) => folder.split('/').slice(0, 2).join('/');
  const areas: FolderGraph = new Map();
  for (const [from, edges] of graph) {
    for (const [to, example] of edges) {
      const [a, b] = [areaOf(from), areaOf(to)];
      if (a === b) continue;
      let out = areas.get(a);
      if (!out) areas.set(a, (out = new Map()));
      if (!out.has(b)) out.set(b, example);
    }
  }
  return areas;
};

/** Strongly connected groups of two or more folders (Tarjan), each sorted, the list sorted. */
export const folderCycles = (graph: FolderGraph): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
};

/** A cycle group as a readable block: every edge inside it, with one import that makes it. */
export const describeCycle = (group: readonly string[], graph: FolderGraph): string =>
  group
    .flatMap((from) =>
      [...(graph.get(from) ?? [])].filter(([to]) => group.includes(to)).map(([to, example]) => `  ${from} → ${to}   (${example})`),
    )
    .join('\n');

export const repoRootOf = (testFile: string): string => join(dirname(testFile), '..', '..');
