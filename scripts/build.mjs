// SPDX-License-Identifier: MIT
// Builds the renderer (Vite) and the Node/Electron entry points (esbuild).
import { build as esbuild } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { build as viteBuild } from 'vite';
import { clearStamp, writeStamp } from './build-stamp.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const define = { __APP_VERSION__: JSON.stringify(pkg.version) };
const quiet = process.argv.includes('--quiet');
const root = new URL('..', import.meta.url).pathname;
const startedMs = Date.now();
mkdirSync(new URL('../dist', import.meta.url), { recursive: true });
clearStamp(root);

/** Native modules resolve to the Electron-ABI copies built by scripts/electron-native.mjs. */
const electronNative = {
  name: 'electron-native',
  setup(build) {
    build.onResolve({ filter: /^(node-pty|better-sqlite3)$/ }, (args) => ({
      path: `../../.electron-native/node_modules/${args.path}`,
      external: true,
    }));
  },
};

/**
 * Chunks of earlier builds that this one did not write, once they are an hour old: a server started
 * from the earlier build may still import one (its core loads after it listens), so not at once.
 */
const dropStaleChunks = (builds) => {
  const dir = new URL('../dist/node/', import.meta.url);
  const written = new Set(builds.flatMap(({ metafile }) => Object.keys(metafile.outputs).map((path) => path.split('/').pop())));
  for (const name of readdirSync(dir)) {
    if (!/-[A-Z0-9]{8}\.mjs(\.map)?$/.test(name) || written.has(name)) continue;
    if (Date.now() - statSync(new URL(name, dir)).mtimeMs > 3_600_000) rmSync(new URL(name, dir), { force: true });
  }
};

/**
 * The renderer's files of earlier builds (vite.config.ts keeps them), once they are an hour old: a
 * page loaded from an earlier build fetches its lazy parts later (renderer/lazy/), and they must
 * still be there then.
 */
const dropStaleAssets = (output) => {
  const dir = new URL('../dist/renderer/assets/', import.meta.url);
  const written = new Set(
    (Array.isArray(output) ? output : [output]).flatMap((bundle) => bundle.output.map((file) => file.fileName.split('/').pop())),
  );
  for (const name of readdirSync(dir)) {
    if (written.has(name) || written.has(name.replace(/\.map$/, ''))) continue;
    if (Date.now() - statSync(new URL(name, dir)).mtimeMs > 3_600_000) rmSync(new URL(name, dir), { force: true });
  }
};

const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  define,
  logLevel: quiet ? 'warning' : 'info',
};

const [, nodeBuild, cliBuild] = await Promise.all([
  viteBuild({ configFile: new URL('../vite.config.ts', import.meta.url).pathname, logLevel: quiet ? 'warn' : 'info' }).then(
    dropStaleAssets,
  ),
  esbuild({
    ...node,
    format: 'esm',
    // Workers are emitted next to each host bundle (see electron/runtime/worker-url.ts).
    entryPoints: {
      web: 'electron/web/main.ts',
      bench: 'tests/bench/main.ts',
      soak: 'tests/soak/main.ts',
      'store-worker': 'electron/store/worker/store-worker.ts',
      'mirror-worker': 'electron/pty/mirror-worker.ts',
      'sync-worker': 'electron/sync-service/sync-worker.ts',
      'spec-worker': 'electron/completion/spec-worker.ts',
    },
    outdir: 'dist/node',
    outExtension: { '.js': '.mjs' },
    // What an entry imports with import() is a chunk of its own, loaded when first asked for: the
    // browser host prints its address before the core's code (every handler, zod, the native
    // modules) is even read (electron/app/create-core.ts). Chunks sit next to the entries, where
    // worker-url.ts and paths.ts expect the code that runs them.
    splitting: true,
    chunkNames: '[name]-[hash]',
    metafile: true,
  }),
  // bin/contexterm: the history CLI and MCP server (electron/cli/main.ts), a build of its own so
  // that its chunks are cut along its own commands only (one `history search` reads a few files,
  // not the pieces it shares with the servers), and with fuzzysort inside: every file Node resolves
  // and every CommonJS package it scans for exports is start-up time a script calling the CLI waits.
  esbuild({
    ...node,
    packages: undefined,
    external: Object.keys(pkg.dependencies).filter((name) => name !== 'fuzzysort'),
    format: 'esm',
    entryPoints: { cli: 'electron/cli/main.ts' },
    outdir: 'dist/node',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'cli-[name]-[hash]',
    metafile: true,
  }),
  esbuild({
    ...node,
    format: 'cjs',
    entryPoints: {
      main: 'electron/main/index.ts',
      'store-worker': 'electron/store/worker/store-worker.ts',
      'mirror-worker': 'electron/pty/mirror-worker.ts',
      'sync-worker': 'electron/sync-service/sync-worker.ts',
      'spec-worker': 'electron/completion/spec-worker.ts',
    },
    outdir: 'dist/electron',
    outExtension: { '.js': '.cjs' },
    external: ['electron'],
    // The code falls back to __filename where esbuild's CJS output leaves import.meta empty.
    logOverride: { 'empty-import-meta': 'silent' },
    // Packaged builds get Electron-ABI modules from electron-builder's own rebuild instead.
    plugins: process.env.CONTEXTERM_PACKAGE ? [] : [electronNative],
  }),
  // The sandboxed preload cannot require anything but a few Electron modules: bundle everything.
  esbuild({
    ...node,
    packages: undefined,
    format: 'cjs',
    entryPoints: { preload: 'electron/preload/index.ts' },
    outdir: 'dist/electron',
    outExtension: { '.js': '.cjs' },
    external: ['electron'],
  }),
]);
// Both builds write to dist/node: a chunk is stale only if neither wrote it.
dropStaleChunks([nodeBuild, cliBuild]);

// A package build resolves native modules for electron-builder, not for `npm start`: leave no stamp
// so the next launch builds its own flavour.
if (!process.env.CONTEXTERM_PACKAGE) writeStamp(root, startedMs);
