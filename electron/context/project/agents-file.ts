// SPDX-License-Identifier: MIT
import { constants } from 'node:fs';
import { lstat, open, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

/** The file other agents read their repository rules from (Codex reads AGENTS.md). */
export const AGENTS_FILE_NAME = 'AGENTS.md';

/** Rules files are a page or two; a bigger one is cut here so one file cannot fill a model's window. */
export const DEFAULT_MAX_BYTES = 32 * 1024;

/** Deeper than any real directory tree: the walk up always ends. */
const MAX_DEPTH = 128;

/** A repository's AGENTS.md as read for one request. */
export interface ProjectFile {
  /** The repository root: the nearest ancestor of the cwd holding `.git`. */
  readonly root: string;
  /** `<root>/AGENTS.md`, as the user knows it (not the target of a symlink). */
  readonly path: string;
  /** Its text, at most `maxBytes` of it (cut at a character boundary). */
  readonly text: string;
  /** The file's whole size. */
  readonly bytes: number;
  /** True when only the first `maxBytes` were read. */
  readonly truncated: boolean;
}

const exists = async (path: string): Promise<boolean> => {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
};

/**
 * The nearest directory at or above `cwd` that holds a `.git` directory or file (a worktree or a
 * submodule has a `.git` file), or null outside any repository. Only stat calls: nothing is read.
 */
export const findRepositoryRoot = async (cwd: string): Promise<string | null> => {
  if (!isAbsolute(cwd)) return null;
  let dir = cwd;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (await exists(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return null;
};

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
};

/** Drops a byte-order mark; a file cut short says so, for the model as for the user. */
const decode = (bytes: Uint8Array, truncated: boolean, size: number, maxBytes: number): string => {
  // stream: true leaves out a multi-byte character the cut split, instead of a replacement character.
  const text = new TextDecoder('utf-8').decode(bytes, { stream: truncated }).replace(/^\uFEFF/, '');
  return truncated ? `${text}\n[… truncated: the first ${Math.round(maxBytes / 1024)} KiB of ${Math.ceil(size / 1024)} KiB]` : text;
};

interface Cached {
  readonly mtimeMs: number;
  readonly size: number;
  readonly file: ProjectFile;
}

export class AgentsFileError extends Error {
  override readonly name = 'AgentsFileError';

  constructor(
    readonly code: 'outside-repository' | 'not-a-file',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads `<root>/AGENTS.md`, keeping the last text of each file with its mtime and size so a request
 * does not re-read a file that has not changed. Everything is async (it runs beside the ptys in
 * main). A symlink is followed only to a file inside the same repository (AGENTS.md → CLAUDE.md
 * is common): a cloned repository must not be able to point it at ~/.ssh and have that sent.
 */
export class AgentsFileReader {
  private readonly _cache = new Map<string, Cached>();

  constructor(
    private readonly _maxBytes = DEFAULT_MAX_BYTES,
    private readonly _maxCached = 32,
  ) {}

  /** Null when the repository has no AGENTS.md (or an empty one); throws when one cannot be read. */
  async read(root: string): Promise<ProjectFile | null> {
    const path = join(root, AGENTS_FILE_NAME);
    if (!(await exists(path))) return null;
    const [realRoot, target] = await Promise.all([realpath(root), realpath(path)]);
    if (!inside(realRoot, target)) throw new AgentsFileError('outside-repository', `${path} leads outside its repository (to ${target})`);
    const info = await stat(target);
    if (!info.isFile()) throw new AgentsFileError('not-a-file', `${path} is not a regular file`);
    const cached = this._cache.get(path);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.file.text === '' ? null : cached.file;
    const file = await this._load(root, path, target);
    this._cache.delete(path);
    this._cache.set(path, { mtimeMs: info.mtimeMs, size: info.size, file });
    if (this._cache.size > this._maxCached) this._cache.delete(this._cache.keys().next().value!);
    return file.text === '' ? null : file;
  }

  private async _load(root: string, path: string, target: string): Promise<ProjectFile> {
    // O_NONBLOCK: a FIFO swapped in after the stat must not hang the request on open.
    const handle = await open(target, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new AgentsFileError('not-a-file', `${path} is not a regular file`);
      const buffer = new Uint8Array(Math.min(info.size, this._maxBytes));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      const truncated = info.size > this._maxBytes;
      const text = decode(buffer.subarray(0, filled), truncated, info.size, this._maxBytes);
      return { root, path, text: text.trim() === '' ? '' : text, bytes: info.size, truncated };
    } finally {
      await handle.close();
    }
  }
}
