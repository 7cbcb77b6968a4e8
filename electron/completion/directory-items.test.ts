// SPDX-License-Identifier: MIT
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryItems } from './directory-items';

let dir: string;
let huge: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctx-complete-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'src', 'maps'));
  writeFileSync(join(dir, 'src', 'main.ts'), '');
  writeFileSync(join(dir, 'src', 'other.ts'), '');
  writeFileSync(join(dir, '.hidden'), '');
  writeFileSync(join(dir, 'my file.txt'), '');
  huge = join(dir, 'huge');
  mkdirSync(huge);
  for (let i = 0; i < 100_000; i++) writeFileSync(join(huge, `f${i}`), '');
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('files and folders of the terminal directory', () => {
  it('lists what matches the word, folders first and with their slash, inside a typed folder too', async () => {
    expect(await directoryItems(dir, 'src/ma', 'files')).toEqual([
      { text: 'src/maps/', kind: 'folder' },
      { text: 'src/main.ts', kind: 'file' },
    ]);
    expect((await directoryItems(dir, 'src/', 'folders')).map((item) => item.text)).toEqual(['src/maps/']);
  });

  it('hides dotfiles unless the word starts with a dot, and escapes what a shell would read', async () => {
    expect((await directoryItems(dir, '', 'files')).map((item) => item.text)).not.toContain('.hidden');
    expect((await directoryItems(dir, '.h', 'files')).map((item) => item.text)).toEqual(['.hidden']);
    expect((await directoryItems(dir, 'my', 'files')).map((item) => item.text)).toEqual(['my\\ file.txt']);
  });

  it('answers a directory of 100,000 files quickly with a capped list, filtered by the prefix', async () => {
    const started = performance.now();
    const all = await directoryItems(huge, '', 'files');
    const some = await directoryItems(huge, 'f9999', 'files');
    const elapsed = performance.now() - started;
    expect(all.length).toBe(200);
    // f9999 and f99990…f99999: found even though most of the directory is read past.
    expect(some.map((item) => item.text).sort()).toEqual(['f9999', ...Array.from({ length: 10 }, (_, i) => `f9999${i}`)].sort());
    // Generous for a loaded machine: a whole readdir + stat of 100,000 entries takes seconds here.
    expect(elapsed).toBeLessThan(3_000);
  });

  it('gives nothing for a folder that does not exist', async () => {
    expect(await directoryItems(dir, 'nope/x', 'files')).toEqual([]);
  });
});
