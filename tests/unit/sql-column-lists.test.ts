// SPDX-License-Identifier: MIT
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRootOf } from './folder-graph';

/**
 * Every INSERT names its columns. A positional `INSERT INTO t VALUES (…)` breaks the day a
 * migration adds a column (the history generator did exactly that when migration 6 added
 * sessions.raw_bytes, and `npm run bench` crashed in its queries suite), and fixtures, tests and
 * benchmarks are where such INSERTs hide, so they are all scanned, not only production code.
 */
const ROOTS = ['electron', 'shared', 'renderer', 'tests'];
const SOURCE = /\.(ts|tsx|mjs)$/;
// `INSERT [OR …] INTO name VALUES`: a table name followed directly by VALUES has no column list.
const POSITIONAL = /\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+[\w.]+\s+VALUES\b/gi;

const positionalInserts = (source: string): string[] => [...source.matchAll(POSITIONAL)].map((match) => match[0]);

const walk = (root: string, dir: string, found: Map<string, string>): void => {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(root, path, found);
    else if (SOURCE.test(entry.name)) found.set(path, readFileSync(join(root, path), 'utf8'));
  }
};

describe('SQL INSERT statements', () => {
  it('name their columns everywhere, fixtures and benchmarks included', () => {
    const root = repoRootOf(fileURLToPath(import.meta.url));
    const files = new Map<string, string>();
    for (const dir of ROOTS) walk(root, dir, files);
    expect(files.size).toBeGreaterThan(100);
    const offenders = [...files].flatMap(([path, source]) =>
      // This file spells the pattern out in its own examples.
      path === 'tests/unit/sql-column-lists.test.ts' ? [] : positionalInserts(source).map((hit) => `${path}: ${hit}`),
    );
    expect(offenders).toEqual([]);
  });

  it('tells a positional INSERT from one with a column list', () => {
    expect(positionalInserts("db.prepare('INSERT INTO chunks VALUES (?, ?)')")).toHaveLength(1);
    expect(positionalInserts('INSERT OR IGNORE INTO main.sessions\n  VALUES (1)')).toHaveLength(1);
    expect(positionalInserts('INSERT INTO chunks (session_id, seq) VALUES (?, ?)')).toEqual([]);
    expect(positionalInserts("INSERT INTO commands_fts (commands_fts) VALUES ('rebuild')")).toEqual([]);
  });
});
