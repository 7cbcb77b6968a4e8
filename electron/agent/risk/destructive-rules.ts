// SPDX-License-Identifier: MIT
import type { Redirection, SimpleCommand } from './parse-command';
import { gitSubcommand, HARMLESS_TARGETS, hasArg, hasLong, hasShort, operands } from './words';

/** A rule answers with the warning sentence, or null when the command is not its kind of danger. */
type Rule = (cmd: SimpleCommand) => string | null;

const INTERPRETERS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'python', 'python3', 'perl', 'ruby', 'node', 'php']);
const DOWNLOADERS = new Set(['curl', 'wget', 'fetch']);

const rm: Rule = ({ name, args, text }) => {
  if (name !== 'rm') return null;
  if (hasShort(args, 'r') || hasShort(args, 'R') || hasLong(args, '--recursive')) return `deletes recursively: ${text}`;
  if (args.some((a) => a.glob)) return `deletes by wildcard: ${text}`;
  return null;
};

const findDelete: Rule = ({ name, args, text }) =>
  name === 'find' && hasArg(args, '-delete') ? `deletes every file found: ${text}` : null;

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

const otherUser: Rule = ({ name, text }) =>
  ['sudo', 'doas', 'su'].includes(name) ? `runs as another user (${name}): ${text}` : null;

const permissions: Rule = ({ name, args, text }) => {
  if (!['chmod', 'chown', 'chgrp'].includes(name)) return null;
  if (hasShort(args, 'R') || hasLong(args, '--recursive')) return `changes ownership or permissions recursively: ${text}`;
  if (args.some((a) => a.glob)) return `changes ownership or permissions by wildcard: ${text}`;
  return null;
};

const git: Rule = ({ name, args, text }) => {
  if (name !== 'git') return null;
  const { sub, rest } = gitSubcommand(args);
  if (sub === 'push' && (hasShort(rest, 'f') || hasLong(rest, '--force', '--force-with-lease', '--force-if-includes') || rest.some((a) => a.value.startsWith('+'))))
    return `force-pushes, rewriting the remote history: ${text}`;
  if (sub === 'reset' && hasLong(rest, '--hard')) return `discards uncommitted changes: ${text}`;
  const force = hasShort(rest, 'f') || hasLong(rest, '--force');
  if (sub === 'clean' && force && (hasShort(rest, 'd') || hasShort(rest, 'x') || hasShort(rest, 'X')))
    return `deletes untracked files: ${text}`;
  return null;
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
  if (name === 'npm' && ['uninstall', 'un', 'unlink', 'remove', 'rm', 'r'].includes(sub) && (hasShort(args, 'g') || hasLong(args, '--global'))) return said;
  if (/^python[0-9.]*$/.test(name) && args[0]?.value === '-m' && /^pip[0-9]*$/.test(args[1]?.value ?? '') && args[2]?.value === 'uninstall') return said;
  return null;
};

/** `bash -c "$(curl …)"`, `sh <(wget …)`, `eval "$(curl …)"`: downloaded code run without a pipe. */
const substitutedDownload: Rule = ({ name, args, text }) =>
  (INTERPRETERS.has(name) || ['eval', 'source', '.'].includes(name)) && args.some((a) => a.dynamic && /\b(curl|wget)\b/.test(a.value))
    ? `runs code straight from a download: ${text}`
    : null;

const RULES: readonly Rule[] = [rm, findDelete, rawWrite, otherUser, permissions, git, kill, packages, substitutedDownload];

/** Warnings for one command, including the wrappers it was found under (sudo rm → both). */
export const commandDangers = (cmd: SimpleCommand): string[] => {
  const found = RULES.map((rule) => rule(cmd)).filter((r): r is string => r !== null);
  for (const w of cmd.wrappers) if (w === 'sudo' || w === 'doas') found.push(`runs as another user (${w}): ${cmd.text}`);
  return found;
};

/** `curl … | sh`: a download and an interpreter in one pipeline, the download first. */
export const pipelineDangers = (commands: readonly SimpleCommand[]): string[] =>
  commands
    .filter((c) => INTERPRETERS.has(c.name))
    .flatMap((sh) => {
      const download = commands.find((d) => DOWNLOADERS.has(d.name) && d.pipeline === sh.pipeline && d.stage < sh.stage);
      return download ? [`pipes a download into a shell: ${download.text} | ${sh.text}`] : [];
    });

export const redirectDangers = (redirects: readonly Redirection[]): string[] =>
  redirects
    .filter((r) => ['>', '>|', '&>'].includes(r.op) || (r.op === '>&' && !/^(\d+|-)$/.test(r.target)))
    .filter((r) => !HARMLESS_TARGETS.has(r.target))
    .map((r) => `overwrites a file: ${r.text}`);
