// SPDX-License-Identifier: MIT
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/**
 * Whether a program and a directory can start a terminal, asked before the pty exists: once it
 * runs, a missing program is only the keeper shell's terse "not found" and a missing directory
 * node-pty's "chdir(2) failed.", with nothing naming the profile or the path. Synchronous on
 * purpose: a handful of stat calls, and both callers (a save, a spawn) are already in a request.
 */

export type ProgramProblem = { readonly kind: 'program'; readonly message: string; readonly exitCode: 126 | 127 };
export type DirectoryProblem = { readonly kind: 'directory'; readonly message: string; readonly exitCode: 1 };
export type LaunchProblem = ProgramProblem | DirectoryProblem;

const statOf = (path: string): Stats | undefined => {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
};

const canRun = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** An executable regular file at `path`, or why not (stat follows symlinks, as exec does). */
const checkFile = (path: string, shown: string): ProgramProblem | undefined => {
  const stat = statOf(path);
  if (!stat) return { kind: 'program', message: `program not found: ${shown}`, exitCode: 127 };
  if (stat.isDirectory()) return { kind: 'program', message: `program is a directory: ${shown}`, exitCode: 126 };
  if (!stat.isFile() || !canRun(path)) return { kind: 'program', message: `program is not executable: ${shown}`, exitCode: 126 };
  return undefined;
};

/**
 * The program as the keeper's `"$@"` finds it: a name without `/` is looked up in PATH (the
 * terminal's, i.e. the profile's own PATH if it sets one), the first executable match winning as in
 * a shell; a path with `/` is taken as is, relative to the terminal's directory.
 */
export const checkProgram = (
  program: string,
  options: { readonly path: string | undefined; readonly cwd: string },
): ProgramProblem | undefined => {
  if (program.includes('/')) return checkFile(isAbsolute(program) ? program : resolve(options.cwd, program), program);
  // An empty PATH entry means the current directory, as in every POSIX shell.
  const dirs = (options.path ?? '').split(delimiter).map((dir) => dir || options.cwd);
  let firstProblem: ProgramProblem | undefined;
  for (const dir of dirs) {
    const candidate = join(dir, program);
    const problem = checkFile(candidate, candidate);
    if (!problem) return undefined;
    // A match that cannot run says more than "not found" if nothing later in PATH can.
    if (problem.exitCode === 126) firstProblem ??= problem;
  }
  return firstProblem ?? { kind: 'program', message: `program not found: ${program} (not in PATH)`, exitCode: 127 };
};

export const checkDirectory = (dir: string): DirectoryProblem | undefined => {
  const stat = statOf(dir);
  if (!stat) return { kind: 'directory', message: `directory does not exist: ${dir}`, exitCode: 1 };
  if (!stat.isDirectory()) return { kind: 'directory', message: `not a directory: ${dir}`, exitCode: 1 };
  if (!canRun(dir)) return { kind: 'directory', message: `directory cannot be entered (permission denied): ${dir}`, exitCode: 1 };
  return undefined;
};
