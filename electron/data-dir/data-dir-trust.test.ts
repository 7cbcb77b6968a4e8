// SPDX-License-Identifier: MIT
import {
  chmodSync,
  chownSync,
  existsSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrowserLauncher } from '../web/launch';
import { LOCK_FILE, acquireDataDirLock } from './data-dir-lock';
import { resolveDataDir } from './data-dir';
import { checkDataDir, DATA_DIR_FILES, DataDirTrustError } from './data-dir-trust';
import { DEFAULT_STORE_FILE } from '../store/store';

/** `nobody`: another user, as far as ownership goes. Giving files away needs root (the CI here is root). */
const OTHER_UID = 65534;
const me = process.getuid?.() ?? -1;
const asRoot = it.skipIf(me !== 0);

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'ct-trust-'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const modeOf = (path: string): number => statSync(path).mode & 0o777;
/** A directory owned by another user, open to everyone as a careless or hostile one would leave it. */
const foreignDir = (name: string): string => {
  const dir = join(base, name);
  mkdirSync(dir);
  chmodSync(dir, 0o777); // mkdir's mode goes through the umask
  chownSync(dir, OTHER_UID, OTHER_UID);
  return dir;
};

const refusal = (run: () => unknown): DataDirTrustError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirTrustError);
    expect((error as DataDirTrustError).code).toBe('failed');
    return error as DataDirTrustError;
  }
  throw new Error('expected a refusal');
};

describe('the data directory: ours, private, and never a way into someone else’s place', () => {
  it('creates a missing data directory 0700, and tightens an existing one of ours', () => {
    const created = resolveDataDir(join(base, 'a', 'b'));
    expect(modeOf(created)).toBe(0o700);
    const loose = join(base, 'loose');
    mkdirSync(loose);
    chmodSync(loose, 0o775);
    resolveDataDir(loose);
    expect(modeOf(loose)).toBe(0o700);
  });

  asRoot('refuses a data directory owned by another user, and leaves it as it was', () => {
    const dir = foreignDir('theirs');
    expect(refusal(() => resolveDataDir(dir)).message).toBe(
      `Refusing data directory ${dir}: owned by uid ${OTHER_UID}, not you (uid ${me}). Check who made it, or use another data directory.`,
    );
    expect(modeOf(dir)).toBe(0o777);
  });

  asRoot('refuses a link to a directory owned by another user, without a chmod through it', () => {
    const target = foreignDir('theirs');
    const link = join(base, 'data');
    symlinkSync(target, link);
    expect(refusal(() => resolveDataDir(link)).message).toMatch(
      new RegExp(`^Refusing data directory ${link}: it is a symbolic link to ${target}, which is owned by uid ${OTHER_UID}, not you`),
    );
    expect(modeOf(target)).toBe(0o777);
    // The lock (Electron's only entry) refuses it as well, without creating anything there.
    refusal(() => acquireDataDirLock(link));
    expect(existsSync(join(target, LOCK_FILE))).toBe(false);
  });

  asRoot('refuses a link owned by another user, even to a directory of ours', () => {
    const target = join(base, 'mine');
    mkdirSync(target, { mode: 0o700 });
    const link = join(base, 'data');
    symlinkSync(target, link);
    lchownSync(link, OTHER_UID, OTHER_UID);
    expect(refusal(() => resolveDataDir(link)).message).toMatch(/it is a symbolic link owned by uid 65534/);
  });

  it('accepts a link of ours to a directory of ours, making the directory 0700', () => {
    const target = join(base, 'elsewhere');
    mkdirSync(target);
    chmodSync(target, 0o755);
    const link = join(base, 'data');
    symlinkSync(target, link);
    expect(resolveDataDir(link)).toBe(link);
    expect(modeOf(target)).toBe(0o700);
  });

  it('refuses a dangling link rather than creating what it points to', () => {
    const link = join(base, 'data');
    symlinkSync(join(base, 'missing'), link);
    expect(refusal(() => resolveDataDir(link)).message).toMatch(/which does not exist/);
    expect(existsSync(join(base, 'missing'))).toBe(false);
  });

  it('refuses run/ as a link, and the browser launcher deletes nothing through one', () => {
    const dir = resolveDataDir(join(base, 'data'));
    const target = join(base, 'victim');
    mkdirSync(target);
    writeFileSync(join(target, 'open-keep.html'), 'not ours');
    symlinkSync(target, join(dir, 'run'));
    expect(refusal(() => resolveDataDir(dir)).message).toMatch(
      new RegExp(`^Refusing run directory ${join(dir, 'run')}: it is a symbolic link \\(to ${target}\\), which Contexterm never makes`),
    );
    refusal(() => new BrowserLauncher(dir));
    expect(existsSync(join(target, 'open-keep.html'))).toBe(true);
  });

  asRoot('refuses a run/ owned by another user', () => {
    const dir = resolveDataDir(join(base, 'data'));
    mkdirSync(join(dir, 'run'));
    chownSync(join(dir, 'run'), OTHER_UID, OTHER_UID);
    expect(refusal(() => resolveDataDir(dir)).message).toMatch(/^Refusing run directory .*: owned by uid 65534/);
  });

  asRoot('refuses a lock file owned by another user instead of taking it over', () => {
    const dir = resolveDataDir(join(base, 'data'));
    // A stale lock (no such pid) would be taken over if it were ours.
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 1, hostname: hostname(), startedAt: Date.now(), processStart: null }),
    );
    chownSync(join(dir, LOCK_FILE), OTHER_UID, OTHER_UID);
    expect(refusal(() => acquireDataDirLock(dir)).message).toBe(
      `Refusing lock file ${join(dir, LOCK_FILE)}: owned by uid ${OTHER_UID}, not you (uid ${me}). Check who made it, or use another data directory.`,
    );
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });

  it('refuses a database or key file that is a link to elsewhere', () => {
    const dir = resolveDataDir(join(base, 'data'));
    const elsewhere = join(base, 'elsewhere.db');
    writeFileSync(elsewhere, '');
    symlinkSync(elsewhere, join(dir, DEFAULT_STORE_FILE));
    expect(refusal(() => acquireDataDirLock(dir)).message).toMatch(/^Refusing database file .*contexterm\.db: it is a symbolic link/);
    rmSync(join(dir, DEFAULT_STORE_FILE));
    symlinkSync(elsewhere, join(dir, 'keys.json'));
    expect(refusal(() => resolveDataDir(dir)).message).toMatch(/^Refusing key file .*keys\.json: it is a symbolic link/);
  });

  it('leaves a missing directory missing for a reader (the CLI), and checks an existing one the same', () => {
    const missing = join(base, 'none');
    checkDataDir(missing, { create: false });
    expect(existsSync(missing)).toBe(false);
    const dir = join(base, 'data');
    mkdirSync(dir);
    symlinkSync(join(base, 'elsewhere.db'), join(dir, 'contexterm.db'));
    expect(refusal(() => checkDataDir(dir, { create: false })).message).toMatch(
      /^Refusing database file .*contexterm\.db: it is a symbolic link/,
    );
  });

  it('checks the names the lock and the store really use', () => {
    expect(Object.keys(DATA_DIR_FILES)).toEqual(
      expect.arrayContaining([LOCK_FILE, DEFAULT_STORE_FILE, `${DEFAULT_STORE_FILE}-wal`, `${DEFAULT_STORE_FILE}-shm`]),
    );
  });
});
