// SPDX-License-Identifier: MIT
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PathPrograms } from './path-programs';

describe('PathPrograms', () => {
  it('lists the programs of every PATH folder, and reads a folder again only once it changed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ct-path-'));
    const [a, b] = [join(root, 'a'), join(root, 'b')];
    mkdirSync(a);
    mkdirSync(b);
    writeFileSync(join(a, 'git'), '');
    writeFileSync(join(b, 'npm'), '');
    const programs = new PathPrograms(() => `${a}:${b}:relative:${join(root, 'missing')}`);
    expect([...(await programs.names())].sort()).toEqual(['git', 'npm']);
    writeFileSync(join(b, 'cargo'), '');
    // The folder's mtime marks it changed (set explicitly: two writes may share a timestamp).
    utimesSync(b, new Date(), new Date(Date.now() + 5_000));
    expect([...(await programs.names())].sort()).toEqual(['cargo', 'git', 'npm']);
  });
});
