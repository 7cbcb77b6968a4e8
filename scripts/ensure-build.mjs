// SPDX-License-Identifier: MIT
// Rebuilds dist/ when any source is newer than the last build, so `npm start` / `npm run web`
// always run what is in the tree without paying for a build when nothing changed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { builtAt, changedSince } from './build-stamp.mjs';

const root = new URL('..', import.meta.url).pathname;

export const ensureBuild = () => {
  if (changedSince(root, builtAt(root)).length === 0) return;
  console.log('contexterm: building…');
  // build.mjs writes the stamp itself, so `npm run build` counts as well.
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
