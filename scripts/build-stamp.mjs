// SPDX-License-Identifier: MIT
// dist/.build-stamp: its mtime is when the build now in dist/ started. `npm run build` and the
// launchers' ensureBuild share this file, so a build by either spares the next launch a rebuild.
import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SOURCES = ['electron', 'renderer', 'shared', 'resources', 'package.json', 'vite.config.ts', 'scripts/build.mjs'];

export const stampPath = (root) => join(root, 'dist', '.build-stamp');

/** When the build in dist/ started, in ms; 0 when there is none (or it failed, or was a package build). */
export const builtAt = (root) => (existsSync(stampPath(root)) ? statSync(stampPath(root)).mtimeMs : 0);

const newest = (path) => {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
};

/** The sources changed after `ms`. */
export const changedSince = (root, ms) => SOURCES.filter((source) => existsSync(join(root, source)) && newest(join(root, source)) > ms);

/** Called as a build starts: a build that fails half-way must not leave an old stamp vouching for dist/. */
export const clearStamp = (root) => rmSync(stampPath(root), { force: true });

/**
 * Called once a build succeeded. The stamp carries the start time, not the end: a file saved while
 * the build ran may not be in it, and must still count as changed.
 */
export const writeStamp = (root, startedMs) => {
  writeFileSync(stampPath(root), `${new Date(startedMs).toISOString()}\n`);
  utimesSync(stampPath(root), startedMs / 1000, startedMs / 1000);
};
