// SPDX-License-Identifier: MIT
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The packaging config as electron-builder reads it: parsed with electron-builder's own YAML parser
 * (js-yaml, resolved through electron-builder rather than declared again) and its own schema.
 */
const root = join(__dirname, '..', '..');
const requireHere = createRequire(join(root, 'package.json'));
const requireBuilder = createRequire(requireHere.resolve('app-builder-lib/package.json', { paths: [dirname(requireHere.resolve('electron-builder/package.json'))] }));
const { load } = requireBuilder('js-yaml') as { load: (text: string) => unknown };
// The glob matcher electron-builder itself matches `files` and `asarUnpack` with.
const { minimatch } = requireBuilder('minimatch') as { minimatch: (path: string, pattern: string, options: { dot: boolean }) => boolean };
const schema = requireBuilder('./scheme.json') as { definitions: { FuseOptionsV1: { properties: Record<string, unknown> } } };

const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const fuses = config.electronFuses as Record<string, unknown> | undefined;

describe('electron-builder.yml', () => {
  it('flips every security fuse', () => {
    expect(fuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
  });

  it('names only fuses electron-builder knows (a misspelt one would be silently ignored)', () => {
    const known = Object.keys(schema.definitions.FuseOptionsV1.properties);
    expect(Object.keys(fuses ?? {}).filter((name) => !known.includes(name))).toEqual([]);
  });

  it('packs the app into an asar archive, which OnlyLoadAppFromAsar requires', () => {
    expect(config.asar).toBe(true);
  });
});

/** Every `*.node` path our own code loads (a string literal in a production file of electron/). */
const addonsLoadedByCode = (): string[] => {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/['"`]([\w./-]+\.node)['"`]/g)) found.add(match[1]!);
      }
    }
  };
  walk(join(root, 'electron'));
  return [...found].sort();
};

/** The `.node` files node_modules/<dep> ships for each production dependency (node-pty, better-sqlite3…). */
const dependencyAddons = (): string[] => {
  const dependencies = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: object }).dependencies);
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'obj.target') walk(path);
      else if (entry.name.endsWith('.node')) found.push(relative(root, path).split('\\').join(posix.sep));
    }
  };
  for (const name of dependencies) if (existsSync(join(root, 'node_modules', name, 'build'))) walk(join(root, 'node_modules', name, 'build'));
  return found;
};

const patterns = (key: 'files' | 'asarUnpack'): string[] => (config[key] as string[] | undefined) ?? [];
const included = (path: string, list: readonly string[]): boolean => {
  let verdict = false;
  // electron-builder applies the list in order: a later `!pattern` excludes what an earlier one took.
  for (const pattern of list) {
    if (pattern.startsWith('!')) verdict = minimatch(path, pattern.slice(1), { dot: true }) ? false : verdict;
    else verdict = minimatch(path, pattern, { dot: true }) ? true : verdict;
  }
  return verdict;
};

describe('electron-builder.yml native modules', () => {
  const ours = addonsLoadedByCode();
  const targets = (JSON.parse(readFileSync(join(root, 'binding.gyp'), 'utf8')) as { targets: { target_name: string }[] }).targets;

  it('finds the addons the code loads and the ones binding.gyp builds (a sanity check of the scan)', () => {
    expect(ours).toContain('build/Release/contexterm_termios.node');
    for (const { target_name } of targets) expect(ours).toContain(`build/Release/${target_name}.node`);
  });

  it('packs every addon our code loads and unpacks it from the archive', () => {
    expect(ours.filter((path) => !included(path, patterns('files')))).toEqual([]);
    expect(ours.filter((path) => !included(path, patterns('asarUnpack')))).toEqual([]);
  });

  it('unpacks every addon the production dependencies ship', () => {
    const theirs = dependencyAddons();
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    expect(theirs.filter((path) => !included(path, patterns('asarUnpack')))).toEqual([]);
  });

  it('would notice an addon left out of the file set', () => {
    expect(included('build/Release/contexterm_termios.node', ['dist/**', 'resources/**', 'package.json'])).toBe(false);
    expect(included('build/Release/x.node', ['build/Release/*.node', '!**/x.node'])).toBe(false);
  });
});
