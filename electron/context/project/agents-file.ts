// SPDX-License-Identifier: MIT
import { constants } from 'node:fs';
import { lstat, open, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { GitFailedError, gitDirsOf, gitStanding, matchesIndex, type GitDirs } from './git-tracked';

/** The file other agents read their repository rules from (Codex reads AGENTS.md). */
const AGENTS_FILE_NAME = 'AGENTS.md';

/** Rules files are a page or two; a bigger one is cut here so one file cannot fill a model's window. */
const DEFAULT_MAX_BYTES = 32 * 1024;

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
  /** What the answer depends on: the file, what it links to, the index and the ignore rules. */
  readonly fingerprint: string;
  readonly file: ProjectFile;
}

export class AgentsFileError extends Error {
  override readonly name = 'AgentsFileError';

  constructor(
    readonly code: 'outside-repository' | 'not-a-file' | 'hard-link' | 'not-tracked' | 'not-staged' | 'link-without-git' | 'git-failed',
    message: string,
  ) {
    super(message);
  }
}

const stamp = async (path: string): Promise<string> => {
  try {
    const info = await lstat(path);
    return `${info.dev}:${info.ino}:${info.mtimeMs}:${info.size}`;
  } catch {
    return '-';
  }
};

const STANDING_WORDS = { untracked: 'not tracked by git', ignored: 'ignored by git' } as const;

/**
 * Reads `<root>/AGENTS.md`, keeping the last text of each file so a request does not re-read (or
 * ask git again about) a file when nothing it depends on has changed. Everything is async (it runs
 * beside the ptys in main).
 *
 * Which file: only what the repository itself holds. In a repository git can read, AGENTS.md must
 * be tracked and not ignored, and a symlink is followed only to a file that is the same, inside
 * the repository and as git has it staged (AGENTS.md → CLAUDE.md is common): a committed
 * `AGENTS.md -> .env` must not send the user's own ignored `.env` (nor a tracked template of it
 * filled in locally), nor a link send ~/.ssh. A hard link is never read: git cannot say what its
 * other names are. Where git cannot answer (not installed, a `.git` it does not accept, a
 * repository it refuses as another user's), only a regular file is read, never a link. Outside any
 * repository nothing is read (findRepositoryRoot).
 */
export class AgentsFileReader {
  private readonly _cache = new Map<string, Cached>();
  /** Each root's git directory (null: git cannot answer there), asked again only once its `.git` changes. */
  private readonly _gitDirs = new Map<string, { readonly stamp: string; readonly dirs: GitDirs | null }>();

  constructor(
    private readonly _maxBytes = DEFAULT_MAX_BYTES,
    private readonly _maxCached = 32,
  ) {}

  /**
   * Null when the repository has no AGENTS.md (or an empty one); throws when one cannot be read or
   * is not the repository's own (untracked, ignored, or a link to such a file).
   */
  async read(root: string): Promise<ProjectFile | null> {
    const path = join(root, AGENTS_FILE_NAME);
    const link = await lstat(path).catch(() => null);
    if (!link) return null;
    const [realRoot, target] = await Promise.all([realpath(root), realpath(path)]);
    if (!inside(realRoot, target)) throw new AgentsFileError('outside-repository', `${path} leads outside its repository (to ${target})`);
    const info = await stat(target);
    if (!info.isFile()) throw new AgentsFileError('not-a-file', `${path} is not a regular file`);
    const git = await this._gitDirsOf(realRoot);
    const rules = git
      ? [
          join(git.gitDir, 'index'),
          join(git.commonDir, 'info', 'exclude'),
          join(realRoot, '.gitignore'),
          join(dirname(target), '.gitignore'),
        ]
      : [];
    const fingerprint = (await Promise.all([path, target, ...rules].map(stamp))).join('|');
    const cached = this._cache.get(path);
    if (cached?.fingerprint === fingerprint) return cached.file.text === '' ? null : cached.file;
    await this._checkStanding(path, link.isSymbolicLink(), realRoot, target, git !== null);
    const file = await this._load(root, path, target);
    this._cache.delete(path);
    this._cache.set(path, { fingerprint, file });
    if (this._cache.size > this._maxCached) this._cache.delete(this._cache.keys().next().value!);
    return file.text === '' ? null : file;
  }

  private async _gitDirsOf(realRoot: string): Promise<GitDirs | null> {
    // Not its mtime: a .git directory changes with every index write.
    const dotGit = await lstat(join(realRoot, '.git')).then(
      (info) => `${info.dev}:${info.ino}:${info.isFile() ? info.size : 'dir'}`,
      () => '-',
    );
    const known = this._gitDirs.get(realRoot);
    if (known?.stamp === dotGit) return known.dirs;
    // A git that hung or crashed is not remembered: the next request asks again.
    const dirs = await gitDirsOf(realRoot).catch((error: unknown) => {
      if (error instanceof GitFailedError)
        throw new AgentsFileError('git-failed', `${error.message}; AGENTS.md is not read until git answers`);
      throw error;
    });
    this._gitDirs.delete(realRoot);
    this._gitDirs.set(realRoot, { stamp: dotGit, dirs });
    if (this._gitDirs.size > this._maxCached) this._gitDirs.delete(this._gitDirs.keys().next().value!);
    return dirs;
  }

  /** Throws unless the file (and what it links to) is the repository's own; see the class comment. */
  private async _checkStanding(path: string, isLink: boolean, realRoot: string, target: string, gitAnswers: boolean): Promise<void> {
    if (!gitAnswers) {
      if (isLink)
        throw new AgentsFileError(
          'link-without-git',
          `${path} is a symbolic link, and git cannot say whether what it leads to is tracked; only a regular file is read there`,
        );
      return;
    }
    const own = AGENTS_FILE_NAME;
    const linked = relative(realRoot, target).split(sep).join('/');
    const standing = await gitStanding(realRoot, own === linked ? [own] : [own, linked]);
    for (const [name, verdict] of standing) {
      if (verdict === 'tracked') continue;
      const which = name === own ? path : `${path} leads to ${linked}, which`;
      throw new AgentsFileError('not-tracked', `${which} is ${STANDING_WORDS[verdict]}; only a tracked file of the repository is read`);
    }
    // A tracked template (a committed `.env` with placeholders) filled in locally is the user's, not the repository's.
    if (own !== linked && !(await matchesIndex(realRoot, linked))) {
      throw new AgentsFileError(
        'not-staged',
        `${path} leads to ${linked}, which differs from what git has staged; only the repository's own content is followed through a link (git add it to use it)`,
      );
    }
  }

  private async _load(root: string, path: string, target: string): Promise<ProjectFile> {
    // O_NONBLOCK: a FIFO swapped in after the stat must not hang the request on open.
    const handle = await open(target, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new AgentsFileError('not-a-file', `${path} is not a regular file`);
      // Another name of the same file may be an ignored one (`.env`): git tracks names, not inodes.
      if (info.nlink > 1)
        throw new AgentsFileError(
          'hard-link',
          `${path} is a hard link (the file has ${info.nlink} names, one may be ignored); a symbolic link to a tracked file is followed instead`,
        );
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
