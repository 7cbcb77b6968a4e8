// SPDX-License-Identifier: MIT
import type { Redirection, SimpleCommand } from './parse-command';
import { tableDangers } from './destructive-table';
import { gitSubcommand, HARMLESS_TARGETS, hasArg, hasLong, hasShort, operands, programName } from './words';

/** A rule answers with the warning sentence, or null when the command is not its kind of danger. */
type Rule = (cmd: SimpleCommand) => string | null;

const INTERPRETERS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'python', 'python3', 'perl', 'ruby', 'node', 'php']);
const DOWNLOADERS = new Set(['curl', 'wget', 'fetch']);

const rm: Rule = ({ name, args, text, wrappers }) => {
  if (name !== 'rm') return null;
  if (hasShort(args, 'r') || hasShort(args, 'R') || hasLong(args, '--recursive')) return `deletes recursively: ${text}`;
  if (args.some((a) => a.glob)) return `deletes by wildcard: ${text}`;
  // Like a wildcard, the files come from elsewhere: every file found, or every name on the input.
  if (wrappers.includes('find -exec')) return `deletes every file found: ${text}`;
  if (wrappers.includes('xargs')) return `deletes every file listed on its input: ${text}`;
  return null;
};

/**
 * Programs that overwrite a file they are told to write, as `>` does: tee (unless it appends),
 * sort -o, tree -o, uniq's second operand. find's -fprint family is judged with find below.
 */
const outputFile: Rule = ({ name, args, text }) => {
  const files = (list: readonly { value: string }[]) => list.some((a) => !HARMLESS_TARGETS.has(a.value));
  const said = `overwrites a file: ${text}`;
  if (name === 'tee') return !hasShort(args, 'a') && !hasLong(args, '--append') && files(operands(args)) ? said : null;
  if (name === 'sort' || name === 'tree') {
    const at = args.findIndex((a) => /^-[^-]*o/.test(a.value) || (name === 'sort' && a.value.startsWith('--output')));
    if (at < 0) return null;
    const a = args[at]?.value ?? '';
    const value = a.startsWith('--output=')
      ? a.slice(9)
      : a.endsWith('o') || a === '--output'
        ? args[at + 1]?.value
        : a.slice(a.indexOf('o') + 1);
    return value !== undefined && HARMLESS_TARGETS.has(value) ? null : said;
  }
  if (name === 'uniq') return files(operands(args).slice(1)) ? said : null;
  return null;
};

const findDelete: Rule = ({ name, args, text }) => {
  if (name !== 'find') return null;
  if (hasArg(args, '-delete')) return `deletes every file found: ${text}`;
  return hasArg(args, '-fprint', '-fprint0', '-fprintf', '-fls') ? `overwrites a file: ${text}` : null;
};

const rawWrite: Rule = ({ name, args, text }) => {
  if (name === 'dd') {
    const of = args.find((a) => a.value.startsWith('of='));
    return of && !HARMLESS_TARGETS.has(of.value.slice(3)) ? `writes raw data over a file or disk: ${text}` : null;
  }
  if (/^mkfs(\.|$)/.test(name) || name === 'mke2fs' || name === 'mkswap') return `formats a file system: ${text}`;
  if (name === 'truncate') return `truncates a file: ${text}`;
  if (name === 'shred') return `overwrites a file beyond recovery: ${text}`;
  return null;
};

const ESCALATORS = ['sudo', 'doas', 'su', 'pkexec', 'run0', 'sudoedit'];

const otherUser: Rule = ({ name, text }) => (ESCALATORS.includes(name) ? `runs as another user (${name}): ${text}` : null);

const permissions: Rule = ({ name, args, text }) => {
  if (!['chmod', 'chown', 'chgrp'].includes(name)) return null;
  if (hasShort(args, 'R') || hasLong(args, '--recursive')) return `changes ownership or permissions recursively: ${text}`;
  if (args.some((a) => a.glob)) return `changes ownership or permissions by wildcard: ${text}`;
  return null;
};

/** `git checkout -- file`, `git checkout -f`, `git checkout .`, `git restore file`: edits are lost. */
const discardsWorkTree = (sub: string, rest: SimpleCommand['args']): boolean => {
  if (sub === 'checkout') return hasShort(rest, 'f') || hasLong(rest, '--force') || rest.some((a) => a.value === '--' || a.value === '.');
  if (sub !== 'restore') return false;
  const stagedOnly = (hasShort(rest, 'S') || hasLong(rest, '--staged')) && !hasShort(rest, 'W') && !hasLong(rest, '--worktree');
  return !stagedOnly && operands(rest).length > 0;
};

/** git subcommands that lose work or someone else's history; reset, checkout and restore above. */
const gitLoss = (sub: string, rest: SimpleCommand['args']): string | null => {
  const force = hasShort(rest, 'f') || hasLong(rest, '--force');
  if (sub === 'push') {
    if (force || hasLong(rest, '--force-with-lease', '--force-if-includes') || rest.some((a) => a.value.startsWith('+')))
      return 'force-pushes, rewriting the remote history';
    if (hasShort(rest, 'd') || hasLong(rest, '--delete', '--mirror', '--prune') || operands(rest).some((a) => /^:./.test(a.value)))
      return 'deletes or overwrites branches on the remote';
  }
  if (sub === 'reset' && hasLong(rest, '--hard')) return 'discards uncommitted changes';
  if (discardsWorkTree(sub, rest)) return 'discards uncommitted changes';
  // -n/--dry-run only lists; anything else with -f deletes (git refuses clean without it by default).
  if (sub === 'clean' && force && !hasShort(rest, 'n') && !hasLong(rest, '--dry-run')) return 'deletes untracked files';
  if (sub === 'rm' && !hasLong(rest, '--cached') && (hasShort(rest, 'r') || force || rest.some((a) => a.glob || a.value === '.')))
    return 'deletes files from the work tree';
  if (sub === 'branch' && (hasShort(rest, 'D') || (hasLong(rest, '--delete') && force)))
    return 'deletes a branch even with unmerged commits';
  if (sub === 'stash' && ['clear', 'drop'].includes(operands(rest)[0]?.value ?? '')) return 'deletes stashed changes';
  return null;
};

const git: Rule = ({ name, args, text }) => {
  if (name !== 'git') return null;
  const { sub, rest } = gitSubcommand(args);
  const loss = gitLoss(sub, rest);
  return loss ? `${loss}: ${text}` : null;
};

const KILL_SIGNALS = new Set(['9', 'KILL', 'SIGKILL']);

/**
 * The issue asks to flag `kill -9` of other users' processes, but a command line cannot know who
 * owns a pid or a process name, so every SIGKILL is treated as destructive.
 */
const kill: Rule = ({ name, args, text }) => {
  if (!['kill', 'pkill', 'killall'].includes(name)) return null;
  const signal = args.some((a, i) => {
    const v = a.value.replace(/^--signal=/, '-');
    if (KILL_SIGNALS.has(v.slice(1)) && v.startsWith('-')) return true;
    return ['-s', '-n', '--signal'].includes(a.value) && KILL_SIGNALS.has(args[i + 1]?.value ?? '');
  });
  return signal ? `kills processes without letting them clean up (SIGKILL): ${text}` : null;
};

/** `kill -- -1`, `kill -9 -1`, `kill -s TERM -1`: pid -1 is every process the user may signal. */
const targetsEveryProcess = (args: readonly { value: string }[]): boolean => {
  let i = 0;
  const first = args[0]?.value ?? '';
  if (['-s', '-n', '--signal'].includes(first)) i = 2;
  else if (first !== '--' && /^-/.test(first)) i = 1; // the signal (-9, -TERM, -1 is SIGHUP here)
  return args.slice(i).some((a) => a.value === '-1');
};

const everyProcess: Rule = ({ name, args, text }) =>
  name === 'kill' && targetsEveryProcess(args) ? `signals every process you can reach (pid -1): ${text}` : null;

const REMOVALS: Record<string, ReadonlySet<string>> = {
  apt: new Set(['remove', 'purge', 'autoremove']),
  'apt-get': new Set(['remove', 'purge', 'autoremove']),
  aptitude: new Set(['remove', 'purge']),
  dnf: new Set(['remove', 'erase', 'autoremove']),
  yum: new Set(['remove', 'erase', 'autoremove']),
  zypper: new Set(['remove', 'rm']),
  brew: new Set(['uninstall', 'remove', 'rm']),
  snap: new Set(['remove']),
  flatpak: new Set(['uninstall', 'remove']),
  pip: new Set(['uninstall']),
  pip3: new Set(['uninstall']),
};

const packages: Rule = ({ name, args, text }) => {
  const sub = operands(args)[0]?.value ?? '';
  const said = `removes packages: ${text}`;
  if (REMOVALS[name]?.has(sub)) return said;
  if (name === 'pacman' && args.some((a) => /^-R/.test(a.value) || a.value === '--remove')) return said;
  if (
    name === 'npm' &&
    ['uninstall', 'un', 'unlink', 'remove', 'rm', 'r'].includes(sub) &&
    (hasShort(args, 'g') || hasLong(args, '--global'))
  )
    return said;
  if (/^python[0-9.]*$/.test(name) && args[0]?.value === '-m' && /^pip[0-9]*$/.test(args[1]?.value ?? '') && args[2]?.value === 'uninstall')
    return said;
  return null;
};

/** `bash -c "$(curl …)"`, `sh <(wget …)`, `eval "$(curl …)"`: downloaded code run without a pipe. */
const substitutedDownload: Rule = ({ name, args, text }) =>
  (INTERPRETERS.has(name) || ['eval', 'source', '.'].includes(name)) && args.some((a) => a.dynamic && /\b(curl|wget)\b/.test(a.value))
    ? `runs code straight from a download: ${text}`
    : null;

const RULES: readonly Rule[] = [
  rm,
  outputFile,
  findDelete,
  rawWrite,
  otherUser,
  permissions,
  git,
  kill,
  everyProcess,
  packages,
  substitutedDownload,
];

/** Warnings for one command, including the wrappers it was found under (sudo rm → both). */
export const commandDangers = (written: SimpleCommand): string[] => {
  const cmd = { ...written, name: programName(written.name) };
  const found = [...RULES.map((rule) => rule(cmd)).filter((r): r is string => r !== null), ...tableDangers(cmd)];
  for (const w of cmd.wrappers) if (ESCALATORS.includes(w)) found.push(`runs as another user (${w}): ${cmd.text}`);
  return found;
};

/** `curl … | sh`: a download and an interpreter in one pipeline, the download first. */
export const pipelineDangers = (commands: readonly SimpleCommand[]): string[] =>
  commands
    .filter((c) => INTERPRETERS.has(programName(c.name)))
    .flatMap((sh) => {
      const download = commands.find((d) => DOWNLOADERS.has(programName(d.name)) && d.pipeline === sh.pipeline && d.stage < sh.stage);
      return download ? [`pipes a download into a shell: ${download.text} | ${sh.text}`] : [];
    });

export const redirectDangers = (redirects: readonly Redirection[]): string[] =>
  redirects
    .filter((r) => ['>', '>|', '&>'].includes(r.op) || (r.op === '>&' && !/^(\d+|-)$/.test(r.target)))
    .filter((r) => !HARMLESS_TARGETS.has(r.target))
    .map((r) => `overwrites a file: ${r.text}`);
