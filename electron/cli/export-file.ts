// SPDX-License-Identifier: MIT
import { closeSync, constants, fchmodSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { CliError } from './cli-error';

/** Recorded history: private to the user, as the database is. */
const PRIVATE_FILE = 0o600;

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

const refuse = (path: string, why: string): CliError => new CliError('output', `cannot write ${path}: ${why}`);

/**
 * Writes an export to `path`, private to the user whatever was there. Opened without following a
 * link (O_NOFOLLOW): a link planted where the export goes (a shared /tmp, a checkout) would
 * otherwise send the user's history into the file it points to, with its mode. An existing file is
 * made 0600 through the descriptor (the mode given to open applies only to a file it creates), and
 * only a regular file is written: a chmod through `-o /dev/null` would change the device (O_TRUNC
 * leaves a device or a FIFO as it is).
 * O_NONBLOCK keeps a FIFO without a reader from hanging the CLI on open (ENXIO instead).
 * An existing file must be the user's own: another user's (a name planted in a shared directory,
 * or a hard link to their file, which O_NOFOLLOW does not see) would be theirs to read whatever its
 * mode, and root's fchmod succeeds on it. It is emptied only once all this holds (no O_TRUNC).
 */
export const writePrivateFile = (path: string, text: string): void => {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0), PRIVATE_FILE);
  } catch (error) {
    if (errno(error) === 'ELOOP') throw refuse(path, 'it is a symbolic link; give the path of a regular file');
    if (errno(error) === 'ENOENT') throw refuse(path, `the folder ${dirname(path)} does not exist`);
    throw refuse(path, `it cannot be opened (${errno(error) ?? (error as Error).message})`);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw refuse(path, 'not a regular file');
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid) throw refuse(path, `it belongs to uid ${info.uid}, not you (uid ${uid})`);
    try {
      fchmodSync(fd, PRIVATE_FILE);
    } catch (error) {
      throw refuse(path, `it cannot be made private to you (${errno(error) ?? (error as Error).message})`);
    }
    ftruncateSync(fd, 0);
    const bytes = Buffer.from(text, 'utf8');
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
  } finally {
    closeSync(fd);
  }
};
