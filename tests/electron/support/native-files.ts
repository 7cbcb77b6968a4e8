// SPDX-License-Identifier: MIT
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { requireBuilder } from './builder-config';

// What native code the app loads, derived from the code itself (never a list kept beside the
// config), and what an electron-builder config would leave out of the package or inside the archive.

const root = join(__dirname, '..', '..', '..');

// The glob matcher electron-builder itself matches `files` and `asarUnpack` with.
const { minimatch } = requireBuilder('minimatch') as { minimatch: (path: string, pattern: string, options: { dot: boolean }) => boolean };

const productionSources = (dir = join(root, 'electron')): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : productionSources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });

/** Every `*.node` path our own code loads (a string literal in a production file of electron/). */
export const addonsLoadedByCode = (): string[] => {
  const found = new Set<string>();
  for (const path of productionSources()) {
    for (const match of readFileSync(path, 'utf8').matchAll(/['"`]([\w./-]+\.node)['"`]/g)) found.add(match[1]!);
  }
  return [...found].sort();
};

const isNativePackage = (name: string): boolean => {
  const dir = join(root, 'node_modules', name);
  if (!existsSync(join(dir, 'package.json'))) return false;
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { gypfile?: boolean };
  return manifest.gypfile === true || existsSync(join(dir, 'binding.gyp'));
};

/** The packages production code imports (static, dynamic or require) that build native code. */
export const nativePackagesImported = (): string[] => {
  const found = new Set<string>();
  const specifier = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^'"]*)?['"]/g;
  for (const path of productionSources()) {
    for (const match of readFileSync(path, 'utf8').matchAll(specifier)) {
      const name = match[1]!;
      if (!name.startsWith('.') && !name.startsWith('node:') && isNativePackage(name)) found.add(name);
    }
  }
  return [...found].sort();
};

/** Native artefacts a package ships or built: addons, executables and libraries (not build debris). */
export const packageNativeFiles = (name: string): string[] => {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'obj.target' && entry.name !== '.deps') walk(path);
      } else if (/\.(node|exe|dll)$/.test(entry.name) || entry.name === 'spawn-helper') {
        found.push(relative(root, path).split('\\').join(posix.sep));
      }
    }
  };
  for (const sub of ['build/Release', 'prebuilds'])
    if (existsSync(join(root, 'node_modules', name, sub))) walk(join(root, 'node_modules', name, sub));
  return found.sort();
};

/** Whether electron-builder's ordered pattern list selects `path` (a later `!pattern` excludes). */
export const included = (path: string, patterns: readonly string[]): boolean => {
  let verdict = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) verdict = minimatch(path, pattern.slice(1), { dot: true }) ? false : verdict;
    else verdict = minimatch(path, pattern, { dot: true }) ? true : verdict;
  }
  return verdict;
};

/**
 * What `config` would get wrong for the native code the app loads: our addons missing from `files`
 * or packed inside the archive, a native package that is not a production dependency (electron-builder
 * packs only those), or one of its binaries left inside the archive (they cannot be loaded or run from there).
 */
export const nativePackagingProblems = (config: Record<string, unknown>, dependencies: Record<string, string>): string[] => {
  const list = (key: string): string[] => (config[key] as string[] | undefined) ?? [];
  const problems: string[] = [];
  for (const addon of addonsLoadedByCode()) {
    if (!included(addon, list('files'))) problems.push(`${addon}: not in files`);
    if (!included(addon, list('asarUnpack'))) problems.push(`${addon}: not in asarUnpack`);
  }
  for (const name of nativePackagesImported()) {
    if (!(name in dependencies)) problems.push(`${name}: not a production dependency`);
    for (const file of packageNativeFiles(name)) if (!included(file, list('asarUnpack'))) problems.push(`${file}: not in asarUnpack`);
  }
  return problems;
};
