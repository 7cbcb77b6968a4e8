// SPDX-License-Identifier: MIT
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builderConfig, fuseOption, requireBuilder } from '../../tests/electron/support/builder-config';
import {
  addonsLoadedByCode,
  nativePackagesImported,
  nativePackagingProblems,
  packageNativeFiles,
} from '../../tests/electron/support/native-files';

/**
 * The packaging config as electron-builder reads it: parsed with electron-builder's own YAML parser
 * and checked against its own schema (tests/electron/support/builder-config.ts resolves both through
 * electron-builder rather than declaring them again).
 */
const root = join(__dirname, '..', '..');
const schema = requireBuilder('./scheme.json') as { definitions: { FuseOptionsV1: { properties: Record<string, unknown> } } };
const config = builderConfig();
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

  it('names each fuse so that the Electron tier can read it back from the binary (@electron/fuses)', () => {
    expect(Object.keys(fuses ?? {}).filter((name) => fuseOption(name) === undefined)).toEqual([]);
    expect(fuseOption('runAsNode')).toBe(0);
    expect(fuseOption('noSuchFuse')).toBeUndefined();
  });

  it('packs the app into an asar archive, which OnlyLoadAppFromAsar requires', () => {
    expect(config.asar).toBe(true);
  });
});

describe('electron-builder.yml native modules', () => {
  const dependencies = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
    .dependencies;
  const targets = (JSON.parse(readFileSync(join(root, 'binding.gyp'), 'utf8')) as { targets: { target_name: string }[] }).targets;
  const without = (key: 'files' | 'asarUnpack', pattern: string): Record<string, unknown> => ({
    ...config,
    [key]: (config[key] as string[]).filter((entry) => entry !== pattern),
  });

  it('finds, from the code, our addon and the native packages it imports (a sanity check of the scan)', () => {
    const ours = addonsLoadedByCode();
    for (const { target_name } of targets) expect(ours).toContain(`build/Release/${target_name}.node`);
    expect(nativePackagesImported()).toEqual(expect.arrayContaining(['better-sqlite3', 'node-pty']));
    expect(packageNativeFiles('better-sqlite3')).toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  });

  it('packs every native file the code loads, unpacked from the archive', () => {
    expect(nativePackagingProblems(config, dependencies)).toEqual([]);
  });

  it('fails when one is left out (mutated copies of the config)', () => {
    expect(nativePackagingProblems(without('files', 'build/Release/*.node'), dependencies)).toContain(
      'build/Release/contexterm_termios.node: not in files',
    );
    expect(nativePackagingProblems(without('asarUnpack', '**/*.node'), dependencies)).toEqual(
      expect.arrayContaining([
        'build/Release/contexterm_termios.node: not in asarUnpack',
        'node_modules/better-sqlite3/build/Release/better_sqlite3.node: not in asarUnpack',
      ]),
    );
    const prebuilds = nativePackagingProblems(without('asarUnpack', '**/node-pty/prebuilds/**'), dependencies);
    expect(prebuilds.some((problem) => /node-pty\/prebuilds\/.*spawn-helper: not in asarUnpack/.test(problem))).toBe(true);
    expect(
      nativePackagingProblems({ ...config, files: [...(config.files as string[]), '!**/contexterm_termios.node'] }, dependencies),
    ).toContain('build/Release/contexterm_termios.node: not in files');
    const { 'node-pty': _moved, ...rest } = dependencies;
    expect(nativePackagingProblems(config, rest)).toContain('node-pty: not a production dependency');
  });
});
