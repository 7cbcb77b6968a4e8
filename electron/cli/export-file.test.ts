// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  linkSync,
  lstatSync,
  openSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { writePrivateFile } from './export-file';

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'ct-export-'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const modeOf = (path: string): number => statSync(path).mode & 0o777;

const refusal = (run: () => void): CliError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(4);
    return error as CliError;
  }
  throw new Error('expected a refusal');
};

describe('writePrivateFile', () => {
  it('writes a new file 0600, and replaces a longer 0644 one whole, leaving it 0600', () => {
    const path = join(base, 'out.json');
    writePrivateFile(path, 'first');
    expect(modeOf(path)).toBe(0o600);
    writeFileSync(path, 'a much longer previous content');
    chmodSync(path, 0o644);
    writePrivateFile(path, 'é second');
    expect(readFileSync(path, 'utf8')).toBe('é second');
    expect(modeOf(path)).toBe(0o600);
  });

  it('refuses a link, to a file or dangling, and creates nothing through it', () => {
    const target = join(base, 'target');
    writeFileSync(target, 'keep');
    chmodSync(target, 0o644);
    symlinkSync(target, join(base, 'link'));
    expect(refusal(() => writePrivateFile(join(base, 'link'), 'x')).message).toBe(
      `cannot write ${join(base, 'link')}: it is a symbolic link; give the path of a regular file`,
    );
    expect(readFileSync(target, 'utf8')).toBe('keep');
    expect(modeOf(target)).toBe(0o644);
    symlinkSync(join(base, 'absent'), join(base, 'dangling'));
    refusal(() => writePrivateFile(join(base, 'dangling'), 'x'));
    expect(lstatSync(join(base, 'absent'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('refuses what is not a regular file without changing its mode (a FIFO with a reader, a directory)', () => {
    // A FIFO rather than /dev/null: a regression would chmod the machine's /dev/null.
    const fifo = join(base, 'fifo');
    execFileSync('mkfifo', ['-m', '644', fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      expect(refusal(() => writePrivateFile(fifo, 'x')).message).toBe(`cannot write ${fifo}: not a regular file`);
    } finally {
      closeSync(reader);
    }
    expect(modeOf(fifo)).toBe(0o644);
    // Without a reader, opening it would block: O_NONBLOCK makes it a refusal at once.
    expect(refusal(() => writePrivateFile(fifo, 'x')).message).toBe(`cannot write ${fifo}: it cannot be opened (ENXIO)`);
    expect(refusal(() => writePrivateFile(base, 'x')).message).toMatch(/^cannot write .*: it cannot be opened \(EISDIR\)$/);
  });

  // Only root can give a file away (and only root's fchmod works on another's file): CI runs as root.
  it.runIf(process.getuid?.() === 0)(
    "refuses another user's file, or a hard link to one, leaving it whole (root's chmod would succeed)",
    () => {
      // A name planted where the export goes (a shared directory without fs.protected_regular): the
      // history written into it would be the planter's to read, whatever its mode.
      const theirs = join(base, 'theirs.json');
      writeFileSync(theirs, 'their content');
      chmodSync(theirs, 0o666);
      chownSync(theirs, 65534, 65534);
      const hardLink = join(base, 'planted.json');
      linkSync(theirs, hardLink);
      for (const path of [theirs, hardLink]) {
        expect(refusal(() => writePrivateFile(path, 'my history')).message).toBe(
          `cannot write ${path}: it belongs to uid 65534, not you (uid 0)`,
        );
      }
      expect(readFileSync(theirs, 'utf8')).toBe('their content');
      expect(modeOf(theirs)).toBe(0o666);
    },
  );
});
