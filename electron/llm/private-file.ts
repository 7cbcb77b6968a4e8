// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/**
 * Writes a file only its owner can read, all or nothing: the bytes go to a temp file created 0600
 * (never briefly world-readable), are fsynced, then renamed over the target, so a crash leaves
 * either the old file or the new one. The final chmod covers a target that was made by hand.
 */
export const writePrivateFile = async (path: string, data: string): Promise<void> => {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', PRIVATE_FILE);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await chmod(path, PRIVATE_FILE);
  await syncDir(dir);
};

/** The rename is only durable once the directory entry is on disk; not every platform allows it. */
const syncDir = async (dir: string): Promise<void> => {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Directories cannot be opened for fsync on Windows; the rename is still atomic there.
  }
};

/**
 * Reads a private file, tightening its mode if someone loosened it. A file that is not valid JSON
 * is moved aside (never silently overwritten later) and reads as missing.
 */
export const readPrivateJson = async (path: string): Promise<unknown> => {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const mode = (await stat(path)).mode & 0o777;
  if ((mode & 0o077) !== 0) await chmod(path, PRIVATE_FILE);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    await rename(path, `${path}.corrupt-${Date.now()}`);
    return undefined;
  }
};
