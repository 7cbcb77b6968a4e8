// SPDX-License-Identifier: MIT
import { parseCommandLine, type Redirection, type SimpleCommand } from './parse-command';
import { commandDangers, pipelineDangers, redirectDangers } from './destructive-rules';
import { gitSubcommand, HARMLESS_TARGETS, hasArg, hasLong, hasShort, operands } from './words';

/**
 * Commands that only read, whatever their arguments. Pagers (less, more) are left out on purpose:
 * they wait for the user, so running them unasked would hang the tool.
 */
const ALWAYS_READ_ONLY = new Set([
  'ls', 'cat', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'pwd', 'echo', 'printf', 'stat',
  'du', 'df', 'which', 'type', 'whoami', 'id', 'uname', 'env', 'printenv', 'basename', 'dirname', 'realpath',
  'readlink', 'cut', 'tr', 'diff', 'cmp', 'md5sum', 'sha1sum', 'sha256sum', 'true', 'false', 'test',
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

/**
 * Programs that can run commands or write files from their own arguments (awk's system(), sed's
 * `e` and `w` and -i, less's `!`, tee's files, busybox's applets): never read-only, so an
 * allow-list entry for them does not let them run unasked.
 */
const PROGRAMMABLE = [
  'awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed', 'less', 'more', 'most', 'tee', 'busybox', 'toybox', 'vi', 'vim',
  'perl', 'python', 'python3', 'node', 'ruby', 'sh', 'bash', 'zsh', 'dash', 'eval', 'exec', 'source', '.',
];

/** Commands whose arguments decide whether they only read: isReadOnlyCommand judges them. */
export const JUDGED_COMMANDS: ReadonlySet<string> = new Set([
  ...ALWAYS_READ_ONLY, ...TRANSPARENT, ...PROGRAMMABLE, 'find', 'rg', 'tree', 'file', 'sort', 'uniq', 'date', 'hostname', 'git',
]);

const FIND_ACTIONS = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'];

export const isReadOnlyCommand = (cmd: SimpleCommand): boolean => {
  const { name, args } = cmd;
  if (cmd.dynamicName || name === '') return false;
  if (TRANSPARENT.has(name)) return true;
  if (name === 'printf' && hasArg(args, '-v')) return false; // sets a variable in the user's shell
  if (ALWAYS_READ_ONLY.has(name)) return true;
  switch (name) {
    case 'find':
      return !hasArg(args, ...FIND_ACTIONS);
    case 'rg':
      return !hasLong(args, '--pre'); // --pre runs a program on every file
    case 'tree':
      return !hasShort(args, 'o'); // -o writes the listing to a file
    case 'file':
      return !hasShort(args, 'C'); // -C compiles a magic file to disk
    case 'sort':
      return !hasShort(args, 'o') && !hasLong(args, '--output');
    case 'uniq':
      return operands(args).length <= 1; // a second operand is the output file
    case 'date':
      return !hasShort(args, 's') && !hasLong(args, '--set');
    case 'hostname':
      return operands(args).length === 0;
    case 'git': {
      const { sub, rest, configured } = gitSubcommand(args);
      if (configured) return false;
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

/**
 * destructive: must always ask, with the reasons as the warning; read-only: may run unasked when the
 * user turned the allow-list on; other: asks as usual; unparsed: the parser could not read it, so
 * nothing is known and it is never treated as safe.
 */
export type CommandRisk = 'destructive' | 'read-only' | 'other' | 'unparsed';

export interface Classification {
  readonly risk: CommandRisk;
  /** Plain sentences for the warning, e.g. "deletes recursively: rm -rf build". */
  readonly reasons: readonly string[];
}

/**
 * Classifies a command line by what it would run, read with a real bash parser so that pipelines,
 * lists, subshells, substitutions, eval, xargs and `sh -c` cannot hide a destructive part.
 * A single destructive part makes the whole line destructive. Async because the parser is WASM,
 * loaded once on first use.
 */
export const classifyCommand = async (line: string): Promise<Classification> => {
  if (line.trim() === '') return { risk: 'other', reasons: [] };
  const parsed = await parseCommandLine(line);
  if (!parsed.ok) return { risk: 'unparsed', reasons: [`could not be read as a shell command (${parsed.reason})`] };
  const dangers = [
    ...parsed.commands.flatMap(commandDangers),
    ...pipelineDangers(parsed.commands),
    ...redirectDangers(parsed.redirects),
  ];
  if (dangers.length > 0) return { risk: 'destructive', reasons: [...new Set(dangers)] };
  const readOnly =
    parsed.commands.length > 0 &&
    parsed.shellChanges.length === 0 &&
    parsed.commands.every(isReadOnlyCommand) &&
    writingRedirects(parsed.redirects).length === 0;
  return { risk: readOnly ? 'read-only' : 'other', reasons: [] };
};
