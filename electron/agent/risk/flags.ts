// SPDX-License-Identifier: MIT
import type { Arg } from './words';

/** Short flags may be bundled (-rf, -fdx): true when any bundle holds the letter. */
export const hasShort = (args: readonly Arg[], letter: string): boolean =>
  args.some((a) => /^-[^-]/.test(a.value) && a.value.slice(1).includes(letter));

export const hasLong = (args: readonly Arg[], ...names: string[]): boolean =>
  args.some((a) => names.some((n) => a.value === n || a.value.startsWith(`${n}=`)));

export const hasArg = (args: readonly Arg[], ...values: string[]): boolean => args.some((a) => values.includes(a.value));

/** Operands: the arguments that are not options. */
export const operands = (args: readonly Arg[]): Arg[] => args.filter((a) => !a.value.startsWith('-'));

const GIT_VALUE_OPTIONS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path']);

/** git's subcommand and its arguments, past global options such as `-C dir` or `-c k=v`. */
export const gitSubcommand = (args: readonly Arg[]): { sub: string; rest: readonly Arg[] } => {
  let i = 0;
  while (i < args.length && (args[i]?.value ?? '').startsWith('-')) i += GIT_VALUE_OPTIONS.has(args[i]?.value ?? '') ? 2 : 1;
  return { sub: args[i]?.value ?? '', rest: args.slice(i + 1) };
};

/** Paths that swallow or show output: writing to them changes nothing on disk. */
export const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);
