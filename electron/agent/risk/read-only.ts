// SPDX-License-Identifier: MIT
import type { Redirection, SimpleCommand } from './parse-command';
import { gitSubcommand, HARMLESS_TARGETS, hasArg, hasLong, hasShort, operands } from './flags';

/**
 * Commands that only read, whatever their arguments. Pagers (less, more) are left out on purpose:
 * they wait for the user, so running them unasked would hang the tool.
 */
const ALWAYS_READ_ONLY = new Set([
  'ls', 'cat', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'rg', 'pwd', 'echo', 'printf', 'stat', 'file',
  'du', 'df', 'which', 'type', 'whoami', 'id', 'uname', 'env', 'printenv', 'basename', 'dirname', 'realpath',
  'readlink', 'cut', 'tr', 'diff', 'cmp', 'md5sum', 'sha1sum', 'sha256sum', 'tree', 'true', 'false', 'test',
  'jq', 'column', 'nl', 'uptime', 'free', 'ps', 'whereis', 'tac', 'rev', 'fold', 'expand', 'seq', 'locale',
]);

/** Wrappers whose own part does nothing: the wrapped command decides (it is classified on its own). */
const TRANSPARENT = new Set(['env', 'command', 'nice', 'nohup', 'time', 'timeout', 'xargs', 'builtin', 'stdbuf', 'ionice']);

const GIT_READ_ONLY = new Set(['status', 'log', 'diff', 'show', 'rev-parse', 'blame', 'ls-files', 'shortlog', 'describe']);

/** `git branch` lists unless it is asked to create, delete, rename, copy or retarget a branch. */
const branchListsOnly = (rest: SimpleCommand['args']): boolean =>
  operands(rest).length === 0 &&
  !['d', 'D', 'm', 'M', 'c', 'C', 'f', 'u'].some((l) => hasShort(rest, l)) &&
  !hasLong(rest, '--delete', '--move', '--copy', '--force', '--set-upstream-to', '--unset-upstream', '--edit-description');

const FIND_ACTIONS = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'];

export const isReadOnlyCommand = (cmd: SimpleCommand): boolean => {
  const { name, args } = cmd;
  if (cmd.dynamicName || name === '') return false;
  if (TRANSPARENT.has(name)) return true;
  if (ALWAYS_READ_ONLY.has(name)) return true;
  switch (name) {
    case 'find':
      return !hasArg(args, ...FIND_ACTIONS);
    case 'sort':
      return !hasShort(args, 'o') && !hasLong(args, '--output');
    case 'uniq':
      return operands(args).length <= 1; // a second operand is the output file
    case 'date':
      return !hasShort(args, 's') && !hasLong(args, '--set');
    case 'hostname':
      return operands(args).length === 0;
    case 'git': {
      const { sub, rest } = gitSubcommand(args);
      if (GIT_READ_ONLY.has(sub)) return !hasLong(rest, '--output');
      if (sub === 'branch') return branchListsOnly(rest);
      if (sub === 'remote') return rest.every((a) => a.value === '-v' || a.value === '--verbose');
      return false;
    }
    default:
      return false;
  }
};

/** Any redirection that writes somewhere other than a harmless device. */
export const writingRedirects = (redirects: readonly Redirection[]): Redirection[] =>
  redirects.filter(
    (r) => ['>', '>|', '>>', '&>', '&>>', '<>'].includes(r.op) || (r.op === '>&' && !/^(\d+|-)$/.test(r.target)),
  ).filter((r) => !HARMLESS_TARGETS.has(r.target));
