// SPDX-License-Identifier: MIT
// Lists code that production never reaches: files, exports and types used by nothing or only by
// tests (knip --production: test files and testing/ folders are not entries there). The list is
// held to a baseline that may only shrink: a new entry fails the run, with the fix named; an entry
// that went away is reported so the baseline is cut down with `--update`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BASELINE = `${root}tests/unused-code-baseline.txt`;
const KINDS = [
  'files',
  'exports',
  'types',
  'enumMembers',
  'duplicates',
  'dependencies',
  'devDependencies',
  'unlisted',
  'unresolved',
  'binaries',
];

const run = () => {
  // knip exits 1 when it finds anything; its JSON on stdout is what counts.
  try {
    return execFileSync(process.execPath, [`${root}node_modules/knip/bin/knip.js`, '--production', '--reporter', 'json', '--no-progress'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
  } catch (error) {
    if (typeof error.stdout === 'string' && error.stdout.startsWith('{')) return error.stdout;
    throw error;
  }
};

const found = new Set();
for (const issue of JSON.parse(run()).issues) {
  for (const kind of KINDS) {
    for (const item of issue[kind] ?? []) {
      const names = Array.isArray(item) ? item.map((i) => i.name).join('|') : item.name;
      found.add(`${issue.file}\t${kind}\t${names}`);
    }
  }
}
const current = [...found].sort();

if (process.argv.includes('--update')) {
  writeFileSync(BASELINE, `${current.join('\n')}\n`);
  console.log(`unused-code: baseline written, ${current.length} entries`);
  process.exit(0);
}

const baseline = new Set(readFileSync(BASELINE, 'utf8').split('\n').filter(Boolean));
const added = current.filter((line) => !baseline.has(line));
const gone = [...baseline].filter((line) => !found.has(line));
if (gone.length > 0)
  console.log(
    `unused-code: ${gone.length} baseline entries are used or gone now; run 'node scripts/unused-code.mjs --update' to cut the baseline:\n  ${gone.join('\n  ')}`,
  );
if (added.length > 0) {
  console.error(
    `unused-code: ${added.length} new unused (or test-only) production code; delete it, stop exporting it, or move a test helper into a testing/ folder:\n  ${added.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`unused-code: nothing new (${current.length} in the baseline, which may only shrink)`);
