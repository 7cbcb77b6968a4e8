// SPDX-License-Identifier: MIT
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';

/** Enough for any repository's index on a loaded machine; a git that hangs longer is not waited for. */
const GIT_TIMEOUT_MS = 10_000;

/**
 * Repository config can name programs git runs (core.fsmonitor runs one on every index read; hooks
 * never run for these commands, but are pointed nowhere all the same), and a cloned repository's
 * config is not the user's. `--literal-pathspecs`: a file name is never a glob. No pager, no
 * prompt, no optional lock (the user's own git must never find the index locked by us).
 */
const SAFE_ARGS = ['-c', 'core.fsmonitor=', '-c', 'core.hooksPath=/dev/null', '--no-pager', '--literal-pathspecs', '--no-optional-locks'];

/**
 * The app's environment may carry git's own variables (a launch from a hook, a wrapper): they would
 * point git at another repository or index. The ceiling keeps git from walking above the root we
 * found: a `.git` it does not accept there must not make it answer for a parent repository.
 */
const gitEnv = (root: string): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  return { ...env, GIT_CEILING_DIRECTORIES: dirname(root), GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };
};

interface GitRun {
  readonly ok: boolean;
  /** Killed (its timeout, too much output) or ended by a signal: it said nothing about the repository. */
  readonly killed: boolean;
  readonly stdout: string;
}

/** Git did not finish: a hang or a crash is no answer, and must not be taken for "git cannot answer here". */
export class GitFailedError extends Error {
  override readonly name = 'GitFailedError';
}

const git = (root: string, args: readonly string[]): Promise<GitRun> =>
  new Promise((resolve) => {
    execFile(
      'git',
      [...SAFE_ARGS, ...args],
      { cwd: root, env: gitEnv(root), timeout: GIT_TIMEOUT_MS, maxBuffer: 1024 * 1024, encoding: 'utf8' },
      (error, stdout) =>
        resolve({ ok: !error, killed: error !== null && (error.killed === true || typeof error.signal === 'string'), stdout }),
    );
  });

const nulList = (text: string): Set<string> => new Set(text.split('\0').filter((name) => name !== ''));

/** Where a work tree's git files are: its own (the index) and, for a linked worktree, the shared ones (info/exclude). */
export interface GitDirs {
  readonly gitDir: string;
  readonly commonDir: string;
}

/**
 * The git directories of the repository whose work tree is `root`, or null when git cannot answer
 * for it: git is not installed, the `.git` there is not one git accepts, or git refuses it
 * (another user's repository, `safe.directory`). Throws GitFailedError when git was killed (it
 * hung past its timeout) or died of a signal: that answers nothing either way, and read as "git
 * cannot answer" it would let an ignored AGENTS.md through.
 */
export const gitDirsOf = async (root: string): Promise<GitDirs | null> => {
  const run = await git(root, ['rev-parse', '--absolute-git-dir', '--git-common-dir']);
  if (run.killed)
    throw new GitFailedError(`git did not finish answering for ${root} (killed after ${GIT_TIMEOUT_MS / 1000} s, or by a signal)`);
  const [gitDir, commonDir] = run.stdout.split('\n');
  // --git-common-dir is relative to the cwd unless it is elsewhere.
  return run.ok && gitDir && commonDir ? { gitDir, commonDir: resolve(root, commonDir) } : null;
};

/** What git says of a path of the work tree. */
export type GitStanding = 'tracked' | 'untracked' | 'ignored';

/**
 * For each path (relative to `root`, the work tree's top): tracked (in the index) and not matched
 * by the ignore rules; untracked; or ignored (matched by .gitignore, info/exclude or the user's
 * excludes file, even when tracked: a force-added `.env` is still a file its owner meant to keep
 * out). Throws when git fails.
 */
export const gitStanding = async (root: string, paths: readonly string[]): Promise<Map<string, GitStanding>> => {
  const [tracked, ignored] = await Promise.all([
    git(root, ['ls-files', '-z', '--cached', '--', ...paths]),
    // With --cached, --ignored lists the tracked files the ignore rules match.
    git(root, ['ls-files', '-z', '--cached', '--ignored', '--exclude-standard', '--', ...paths]),
  ]);
  if (!tracked.ok || !ignored.ok) throw new Error(`git could not list the files of ${root}`);
  const inIndex = nulList(tracked.stdout);
  const matched = nulList(ignored.stdout);
  return new Map(paths.map((path) => [path, matched.has(path) ? 'ignored' : inIndex.has(path) ? 'tracked' : 'untracked']));
};

/**
 * Whether the work-tree file `path` (relative to `root`) holds byte for byte what its index entry
 * does: git's hash of the file as it is (`--no-filters`: no clean filter, which the repository's
 * config could name, is run) against the staged object. Throws when git fails.
 */
export const matchesIndex = async (root: string, path: string): Promise<boolean> => {
  const [staged, onDisk] = await Promise.all([
    git(root, ['ls-files', '-z', '--cached', '--stage', '--', path]),
    git(root, ['hash-object', '--no-filters', '--', path]),
  ]);
  if (!staged.ok || !onDisk.ok) throw new Error(`git could not compare ${path} with its index in ${root}`);
  // Each entry: "<mode> <object> <stage>\t<path>".
  const entry = staged.stdout.split('\0').find((line) => line.endsWith(`\t${path}`));
  const object = entry?.split(' ')[1];
  return object !== undefined && object === onDisk.stdout.trim();
};
