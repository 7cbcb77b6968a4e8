// SPDX-License-Identifier: MIT
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The bundle entry name: the host build must emit `store-worker.<ext>` next to its own output file. */
export const STORE_WORKER_ENTRY = 'store-worker';

/** This module's URL. esbuild's CJS output (the Electron main bundle) empties import.meta; __filename is right there. */
const moduleUrl = (): string => {
  const url = import.meta.url as string | undefined;
  if (url) return url;
  return pathToFileURL(__filename).href;
};

let fromSource: Promise<URL> | undefined;

/**
 * Where the store's worker script is.
 *
 * - Bundled (dist/node/web.mjs, dist/node/bench.mjs, dist/electron/main.cjs): this code is inlined
 *   into the host bundle, so the worker is its sibling `store-worker.mjs` / `.cjs` (same extension
 *   as the host), emitted by the same esbuild call from `electron/store/store-worker.ts`.
 * - From TypeScript source (Vitest): Node 20 cannot run .ts in a worker and Vitest's transform
 *   does not reach worker threads, so the worker is bundled on the fly with esbuild (a dev
 *   dependency, imported only on this path) into node_modules/.cache, where `better-sqlite3`
 *   still resolves. Built once per process; the file name is a content hash so concurrent test
 *   processes agree on it and a stale build is never reused.
 */
export const resolveStoreWorkerUrl = (): Promise<URL> => {
  const here = moduleUrl();
  const extension = /\.[cm]?[jt]s$/.exec(new URL(here).pathname)?.[0] ?? '.mjs';
  if (extension !== '.ts') return Promise.resolve(new URL(`./${STORE_WORKER_ENTRY}${extension}`, here));
  fromSource ??= buildFromSource(here);
  return fromSource;
};

const buildFromSource = (here: string): Promise<URL> =>
  bundleToCache(new URL(`./${STORE_WORKER_ENTRY}.ts`, here), STORE_WORKER_ENTRY);

/**
 * Bundles a TypeScript entry for plain Node (ESM, packages left external) into
 * node_modules/.cache/contexterm/<name>-<hash>.mjs and returns its URL. Development and tests only:
 * it needs esbuild and the source tree.
 */
export const bundleToCache = async (entry: URL, name: string): Promise<URL> => {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const dir = fileURLToPath(new URL('../../node_modules/.cache/contexterm/', moduleUrl()));
  const file = `${dir}${name}-${hash}.mjs`;
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    pruneStale(dir, name);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  }
  return pathToFileURL(file);
};

/** Every source change leaves a build behind; drop those nobody can still be running (older than an hour). */
const pruneStale = (dir: string, name: string): void => {
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const entry of readdirSync(dir)) {
    if (!entry.startsWith(`${name}-`)) continue;
    const path = `${dir}${entry}`;
    try {
      if (statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
    } catch {
      // Another test process pruned it first.
    }
  }
};
