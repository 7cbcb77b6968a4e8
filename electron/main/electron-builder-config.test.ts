// SPDX-License-Identifier: MIT
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The packaging config as electron-builder reads it: parsed with electron-builder's own YAML parser
 * (js-yaml, resolved through electron-builder rather than declared again) and its own schema.
 */
const root = join(__dirname, '..', '..');
const requireHere = createRequire(join(root, 'package.json'));
const requireBuilder = createRequire(requireHere.resolve('app-builder-lib/package.json', { paths: [dirname(requireHere.resolve('electron-builder/package.json'))] }));
const { load } = requireBuilder('js-yaml') as { load: (text: string) => unknown };
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
