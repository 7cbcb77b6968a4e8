// SPDX-License-Identifier: MIT
import { closeSync, constants, fstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMPTY_CONFIG, MCP_CONFIG_FILE, McpConfigError, parseMcpConfig, type McpConfig } from './mcp-config';

/** A larger file is not a list of servers. */
const MAX_BYTES = 256 * 1024;

export interface ReadConfig {
  readonly config: McpConfig;
  /** Why the file was not used; null when it was read (or is absent). */
  readonly problem: string | null;
}

const myUid = (): number | undefined => process.getuid?.();

/**
 * Reads DATA_DIR/mcp.json. It names programs to start and holds their tokens, so, as ssh does for
 * its keys and as the data directory's other files are (electron/data-dir/data-dir-trust.ts), it is used
 * only when it is a regular file of yours that no one else can read or write (0600): it is opened
 * without following a link, and the checks are made on what was opened. Never throws: a file that
 * cannot be used is reported, and no server starts from it.
 */
export const readMcpConfig = (dataDir: string): ReadConfig => {
  const path = join(dataDir, MCP_CONFIG_FILE);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { config: EMPTY_CONFIG, problem: null };
    if (code === 'ELOOP')
      return { config: EMPTY_CONFIG, problem: `${path} is a symbolic link; Contexterm reads only a regular file there.` };
    return { config: EMPTY_CONFIG, problem: `${path} could not be read (${code ?? String(error)}).` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { config: EMPTY_CONFIG, problem: `${path} is not a regular file.` };
    const uid = myUid();
    if (uid !== undefined && stat.uid !== uid)
      return { config: EMPTY_CONFIG, problem: `${path} is owned by uid ${stat.uid}, not you (uid ${uid}).` };
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      const mode = (stat.mode & 0o777).toString(8);
      return { config: EMPTY_CONFIG, problem: `${path} can be read or written by others (mode ${mode}); run chmod 600 on it.` };
    }
    if (stat.size > MAX_BYTES) return { config: EMPTY_CONFIG, problem: `${path} is larger than ${MAX_BYTES / 1024} KB.` };
    const text = readFileSync(fd, 'utf8');
    return { config: parseMcpConfig(text), problem: null };
  } catch (error) {
    const why = error instanceof McpConfigError ? error.message : String(error);
    return { config: EMPTY_CONFIG, problem: `${path} was not used: ${why}.` };
  } finally {
    closeSync(fd);
  }
};

/**
 * Writes the file (Settings → Tools) as 0600 through a temporary file and a rename, so a reader
 * never sees half of it and a link planted at the name is replaced, never written through.
 */
export const writeMcpConfig = (dataDir: string, raw: Record<string, unknown>): void => {
  const path = join(dataDir, MCP_CONFIG_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(raw, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
};
