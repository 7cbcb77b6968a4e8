// SPDX-License-Identifier: MIT
import { parseCommandLine, type Redirection, type SimpleCommand } from './parse-command';
import { commandDangers, pipelineDangers, redirectDangers } from './destructive-rules';
import { readOptions } from './option-table';
import { actsByOption, readsOnlyByOperands } from './read-only-options';
import { gitSubcommand, HARMLESS_TARGETS, hasArg, hasLong, hasShort, operands } from './words';
import { WRAPPER_OPTIONS } from './wrapper-options';

/**
 * Commands that only read, whatever their arguments. Pagers (less, more) are left out on purpose:
 * they wait for the user, so running them unasked would hang the tool.
 */
const ALWAYS_READ_ONLY = new Set([
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'grep',
  'egrep',
  'fgrep',
  'pwd',
  'echo',
  'printf',
  'stat',
  'du',
  'df',
  'which',
  'type',
  'whoami',
  'id',
  'uname',
  'env',
  'printenv',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'cut',
  'tr',
  'diff',
  'cmp',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'true',
  'false',
  'test',
  'jq',
  'column',
  'nl',
  'uptime',
  'free',
  'ps',
  'whereis',
  'tac',
  'rev',
  'fold',
  'expand',
  'seq',
  'locale',
]);

/**
 * Wrappers whose own part does nothing: the wrapped command decides (it is classified on its own),
 * as long as every option is one the wrapper is known to have and none makes it act by itself
 * (`ionice -p`, `time -o`, `env -S`, nohup's nohup.out).
 */
const TRANSPARENT = new Set(['env', 'command', 'nice', 'nohup', 'time', 'timeout', 'xargs', 'builtin', 'stdbuf', 'ionice']);

const wrapperOnlyRuns = (name: string, args: SimpleCommand['args']): boolean => {
  const table = WRAPPER_OPTIONS[name];
  if (!table) return false;
  const read = readOptions(table, [{ value: name, glob: false, dynamic: false }, ...args]);
  return !read.unknown && read.acting.length === 0 && !table.acting?.includes(`${name}.out`);
};

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
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'sed',
  'gsed',
  'less',
  'more',
  'most',
  'tee',
  'busybox',
  'toybox',
  'vi',
  'vim',
  'perl',
  'python',
  'python3',
  'node',
  'ruby',
  'sh',
  'bash',
  'zsh',
  'dash',
  'eval',
  'exec',
  'source',
  '.',
  // man waits in a pager and runs -P/--pager/-H's program; rsync writes its destination and runs -e's.
  'man',
  'rsync',
];

/** Commands whose arguments decide whether they only read: isReadOnlyCommand judges them. */
export const JUDGED_COMMANDS: ReadonlySet<string> = new Set([
  ...ALWAYS_READ_ONLY,
  ...TRANSPARENT,
  ...PROGRAMMABLE,
  'find',
  'rg',
  'tree',
  'file',
  'sort',
  'uniq',
  'date',
  'hostname',
  'tar',
  'git',
]);

export const isReadOnlyCommand = (cmd: SimpleCommand): boolean => {
  const { name, args } = cmd;
  if (cmd.dynamicName || name === '') return false;
  if (TRANSPARENT.has(name)) return wrapperOnlyRuns(name, args);
  if (name === 'printf' && hasArg(args, '-v')) return false; // sets a variable in the user's shell
  if (ALWAYS_READ_ONLY.has(name)) return true;
  if (actsByOption(name, args) || !readsOnlyByOperands(cmd)) return false;
  switch (name) {
    case 'find':
    case 'rg':
    case 'tree':
    case 'file':
    case 'sort':
    case 'uniq':
    case 'date':
    case 'hostname':
    case 'tar':
      return true;
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
  redirects
    .filter((r) => ['>', '>|', '>>', '&>', '&>>', '<>'].includes(r.op) || (r.op === '>&' && !/^(\d+|-)$/.test(r.target)))
    .filter((r) => !HARMLESS_TARGETS.has(r.target));

/**
 * destructive: must always ask, with the reasons as the warning; read-only: may run unasked when the
 * user turned the allow-list on; other: asks as usual; unparsed: the parser could not read it, so
 * nothing is known and it is never treated as safe.
 */
type CommandRisk = 'destructive' | 'read-only' | 'other' | 'unparsed';

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
  const dangers = [...parsed.commands.flatMap(commandDangers), ...pipelineDangers(parsed.commands), ...redirectDangers(parsed.redirects)];
  if (dangers.length > 0) return { risk: 'destructive', reasons: [...new Set(dangers)] };
  const readOnly =
    parsed.commands.length > 0 &&
    parsed.shellChanges.length === 0 &&
    parsed.commands.every(isReadOnlyCommand) &&
    writingRedirects(parsed.redirects).length === 0;
  return { risk: readOnly ? 'read-only' : 'other', reasons: [] };
};
