// SPDX-License-Identifier: MIT
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  areaGraph,
  describeCycle,
  filesPerFolder,
  folderCycles,
  folderGraph,
  importSpecifiers,
  readSources,
  repoRootOf,
  resolveFolder,
} from './folder-graph';

/**
 * No folder imports a folder that imports it back: a cycle means two concerns that cannot be
 * understood, tested or moved apart. Nodes are folders (a sub-folder is its own node), and again
 * areas (a folder under a root with its sub-folders); imports inside one folder are free, and
 * type-only imports count. Test files are left out; `testing/` fakes are not.
 */
const ROOTS = ['electron', 'shared', 'renderer'] as const;
const root = repoRootOf(fileURLToPath(import.meta.url));
const sources = readSources(root, ROOTS);

/** A folder holds one concern; past this many files it is split by concern into sub-folders. */
const MAX_FILES_PER_FOLDER = 20;
/** No production file is longer; fakes under `testing/` are test code and are left out. */
const MAX_PRODUCTION_LINES = 300;

describe('sizes', () => {
  it(`has no folder with more than ${MAX_FILES_PER_FOLDER} files besides its tests`, () => {
    const crowded = [...filesPerFolder(root, ROOTS)]
      .filter(([, files]) => files.length > MAX_FILES_PER_FOLDER)
      .map(([folder, files]) => `${folder}: ${files.length}`);
    expect(crowded).toEqual([]);
  });

  it(`keeps tests in folders of at most ${MAX_FILES_PER_FOLDER} files too (fixtures, vendored and generated, aside)`, () => {
    const crowded = [...filesPerFolder(root, ['tests'], { countTests: true })]
      .filter(([folder, files]) => !folder.startsWith('tests/fixtures') && files.length > MAX_FILES_PER_FOLDER)
      .map(([folder, files]) => `${folder}: ${files.length}`);
    expect(crowded).toEqual([]);
  });

  it(`has no production file over ${MAX_PRODUCTION_LINES} lines`, () => {
    const long = [...sources]
      .filter(([path]) => !path.split('/').includes('testing'))
      .map(([path, text]) => [path, text.split('\n').length - (text.endsWith('\n') ? 1 : 0)] as const)
      .filter(([, lines]) => lines > MAX_PRODUCTION_LINES)
      .map(([path, lines]) => `${path}: ${lines}`);
    expect(long).toEqual([]);
  });
});

describe('folder import graph', () => {
  const graph = folderGraph(sources, ROOTS);
  const cycles = folderCycles(graph);

  it('has no cycle between folders of electron/, shared/ and renderer/', () => {
    const found = cycles.map((group) => describeCycle(group, graph));
    expect(found, `folders that import each other:\n${found.join('\n\n')}`).toEqual([]);
  });

  it('has no cycle between areas (a folder with all its sub-folders)', () => {
    const areas = areaGraph(graph);
    const found = folderCycles(areas).map((group) => describeCycle(group, areas));
    expect(found, `areas that import each other:\n${found.join('\n\n')}`).toEqual([]);
  });

  it('sees the real imports (a sanity check that the parser finds edges at all)', () => {
    expect(graph.get('electron/app')?.has('electron/ipc')).toBe(true);
    expect(graph.get('electron/ipc')?.has('shared/ipc')).toBe(true);
  });
});

describe('cycle detection', () => {
  it('finds a deliberately introduced cycle, across export-from and sub-folders', () => {
    const files = new Map([
      ['electron/a/one.ts', "import { two } from '../b/two';\nexport const one = two;"],
      ['electron/b/two.ts', "import type { T } from './deep/t';\nexport const two = 2;"],
      ['electron/b/deep/t.ts', "export { one as T } from '../../a/one';"],
      ['electron/c/free.ts', "import { one } from '../a/one';\nimport { z } from 'zod';\nexport const free = [one, z];"],
    ]);
    const graph = folderGraph(files, ['electron']);
    expect(folderCycles(graph)).toEqual([['electron/a', 'electron/b', 'electron/b/deep']]);
    expect(describeCycle(['electron/a', 'electron/b', 'electron/b/deep'], graph)).toContain("electron/b/deep/t.ts → '../../a/one'");
  });

  it('finds none when imports only go one way or stay inside a folder', () => {
    const files = new Map([
      ['shared/ipc/index.ts', "export * from './define';"],
      ['shared/ipc/define.ts', "import { x } from './index';\nexport const y = x;"],
      ['electron/ipc/router.ts', "import { channels } from '../../shared/ipc';\nexport const r = channels;"],
    ]);
    expect(folderCycles(folderGraph(files, ['electron', 'shared']))).toEqual([]);
  });

  it('counts type-only dependencies: import type, export type from, and import() types', () => {
    expect(
      importSpecifiers(
        'electron/a/x.ts',
        "import type { A } from '../b/a';\nimport { type B } from '../c/b';\nexport type { C } from '../d/c';\nlet d: typeof import('../e/d');\nconst e = () => import('../f/e');",
      ),
    ).toEqual(['../b/a', '../c/b', '../d/c', '../e/d', '../f/e']);
  });

  it('finds a cycle between areas that their sub-folders alone do not show', () => {
    // The shape this check was written for: three areas, each through a different sub-folder.
    const files = new Map([
      ['electron/settings/defaults.ts', "import { T } from '../context/relevance/relevance';\nexport const d = T;"],
      ['electron/context/relevance/relevance.ts', 'export const T = 0.35;'],
      ['electron/context/conversation/service.ts', "import type { R } from '../../store/conversations/records';\nexport type S = R;"],
      ['electron/store/conversations/records.ts', 'export type R = string;'],
      [
        'electron/store/worker/settings-table.ts',
        "import type { KeyValueStore } from '../../settings/key-value-store';\nexport type K = KeyValueStore;",
      ],
      ['electron/settings/key-value-store.ts', 'export interface KeyValueStore { get(key: string): string }'],
    ]);
    const graph = folderGraph(files, ['electron']);
    expect(folderCycles(graph)).toEqual([]);
    expect(folderCycles(areaGraph(graph))).toEqual([['electron/context', 'electron/settings', 'electron/store']]);
  });

  it('resolves a folder import through its index and a file import to its folder', () => {
    const files = new Map([
      ['shared/ipc/index.ts', ''],
      ['electron/context/request/budget.ts', ''],
    ]);
    expect(resolveFolder('electron/ipc/router.ts', '../../shared/ipc', files)).toBe('shared/ipc');
    expect(resolveFolder('electron/app/x.ts', '../context/request/budget', files)).toBe('electron/context/request');
    expect(resolveFolder('electron/app/x.ts', 'zod', files)).toBeNull();
  });
});
