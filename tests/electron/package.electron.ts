// SPDX-License-Identifier: MIT
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as Fuses from '@electron/fuses';
import { builderConfig, fuseOption, requireBuilder } from './support/builder-config';
import { ROOT } from './support/desktop-app';

// The app `npm run package` produced (out/, electron-builder's directories.output): its fuses as
// @electron/fuses reads them from the binary, and the native code unpacked from the archive. Only
// where a packaged app exists: the tier says so in its output otherwise.

interface Packaged {
  readonly binary: string;
  readonly resources: string;
}

/** The unpacked app electron-builder leaves next to the installers, for this platform. */
const packagedApp = (out = join(ROOT, 'out')): Packaged | undefined => {
  const candidates: Packaged[] =
    process.platform === 'darwin'
      ? ['mac', 'mac-arm64', 'mac-universal'].map((dir) => {
          const app = join(out, dir, 'Contexterm.app', 'Contents');
          return { binary: join(app, 'MacOS', 'Contexterm'), resources: join(app, 'Resources') };
        })
      : process.platform === 'win32'
        ? [{ binary: join(out, 'win-unpacked', 'Contexterm.exe'), resources: join(out, 'win-unpacked', 'resources') }]
        : ['contexterm', 'Contexterm'].map((name) => ({
            binary: join(out, 'linux-unpacked', name),
            resources: join(out, 'linux-unpacked', 'resources'),
          }));
  return candidates.find((candidate) => existsSync(candidate.binary));
};

const packaged = packagedApp();
if (!packaged) console.log('test:electron: no packaged app in out/ (run `npm run package` first): fuse and package checks not run.');

const { getCurrentFuseWire } = requireBuilder('@electron/fuses') as typeof Fuses;
/** The bytes of a fuse on the wire ('1', '0'), as @electron/fuses' FuseState has them (not exported from its index). */
const FUSE_ENABLED = 0x31;
const FUSE_DISABLED = 0x30;

const nodeFiles = (dir: string): string[] => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.node'))
    .map((path) => relative(dir, join(dir, path)).split('\\').join('/'));
};

describe.skipIf(!packaged)('the packaged app', () => {
  it('has every fuse electron-builder.yml sets, read back from the binary', async () => {
    const wanted = builderConfig().electronFuses as Record<string, boolean>;
    const wire = await getCurrentFuseWire(packaged!.binary);
    const actual: Record<string, boolean | string> = {};
    for (const name of Object.keys(wanted)) {
      const state = wire[fuseOption(name) as Fuses.FuseV1Options];
      actual[name] = state === FUSE_ENABLED ? true : state === FUSE_DISABLED ? false : `state ${String(state)}`;
    }
    expect(actual).toEqual(wanted);
  });

  it('unpacks the native modules from the archive: node-pty, better-sqlite3 and, off Windows, the termios addon', () => {
    const unpacked = nodeFiles(join(packaged!.resources, 'app.asar.unpacked'));
    expect(unpacked.some((path) => path.startsWith('node_modules/node-pty/'))).toBe(true);
    expect(unpacked).toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    if (process.platform !== 'win32') expect(unpacked).toContain('build/Release/contexterm_termios.node');
  });
});
