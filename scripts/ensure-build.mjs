// SPDX-License-Identifier: MIT
// Rebuilds dist/ when any source is newer than the last build, so `npm start` / `npm run web`
// always run what is in the tree without paying for a build when nothing changed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', '.build-stamp');
const SOURCES = ['electron', 'renderer', 'shared', 'resources', 'package.json', 'vite.config.ts', 'scripts/build.mjs'];

const newest = (path) => {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
};

export const ensureBuild = () => {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = SOURCES.some((source) => existsSync(join(root, source)) && newest(join(root, source)) > built);
  if (!changed) return;
  console.log('contexterm: building…');
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
};
