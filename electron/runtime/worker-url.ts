// SPDX-License-Identifier: MIT
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { moduleUrl } from './paths';

const cache = new Map<string, Promise<URL>>();

/**
 * Where a worker script is, by its bundle entry name and its TypeScript source (relative to the
 * project root).
 *
 * - Bundled (dist/node/web.mjs, dist/node/bench.mjs, dist/electron/main.cjs): this code is inlined
 *   into the host bundle, so the worker is its sibling `<entry>.mjs` / `.cjs` (same extension as
 *   the host), emitted by the same esbuild call (scripts/build.mjs lists every worker entry).
 * - From TypeScript source (Vitest): Node 20 cannot run .ts in a worker and Vitest's transform
 *   does not reach worker threads, so the worker is bundled on the fly with esbuild (a dev
 *   dependency, imported only on this path) into node_modules/.cache, where native packages
 *   still resolve. Built once per process; the file name is a content hash so concurrent test
 *   processes agree on it and a stale build is never reused.
 */
export const resolveWorkerUrl = (entry: string, source: string): Promise<URL> => {
  const here = moduleUrl();
  const extension = /\.[cm]?[jt]s$/.exec(new URL(here).pathname)?.[0] ?? '.mjs';
  if (extension !== '.ts') return Promise.resolve(new URL(`./${entry}${extension}`, here));
  let built = cache.get(entry);
  if (!built) cache.set(entry, (built = bundleToCache(new URL(`../../${source}`, here), entry)));
  return built;
};

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
