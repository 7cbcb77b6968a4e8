// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { displayLine } from '../../shared/text/display-text';

export interface TitleSources {
  /** What the user typed when renaming the tab; wins over everything. */
  readonly custom: string | null;
  /** What the shell or program set with OSC 0/2, if anything. */
  readonly program: string | null;
  /** The command running in the tab now, if recorded. */
  readonly running: CommandRecord | undefined;
  /**
   * The process in the terminal's foreground (main asks the kernel): a program's name, or the
   * shell's own at the prompt and while a builtin (`cd`) runs; null until known.
   */
  readonly foreground?: string | null;
  /** The session's current directory (reported by shell integration at each prompt). */
  readonly cwd: string | null;
  readonly shell: string;
  readonly home?: string;
}

const WRAPPERS = new Set(['sudo', 'doas', 'env', 'time', 'nice', 'nohup', 'exec', 'command', 'builtin']);

/** The program a command line runs: past `VAR=x` assignments and wrappers like `sudo` and `env`. */
export const programOf = (commandLine: string): string | undefined => {
  const words = commandLine.trim().split(/\s+/);
  for (const word of words) {
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) || WRAPPERS.has(word) || word.startsWith('-')) continue;
    return word.split('/').pop() || undefined;
  }
  return undefined;
};

const lastPart = (path: string, home: string | undefined): string => {
  if (home && path === home) return '~';
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.split('/').pop() || '/';
};

/** Programs that run another one named on their command line: the recorded line names it better. */
const LAUNCHERS = new Set(['sudo', 'doas', 'env', 'time', 'nice', 'nohup']);

const baseName = (path: string): string => (path.split('/').pop() ?? path).replace(/^-/, '');

/**
 * The program running now: the foreground process unless that is the shell itself (at the prompt,
 * or running a builtin such as `cd`). Until main has said, the recorded command line's program.
 */
const runningProgram = (sources: TitleSources): string | undefined => {
  const recorded = sources.running?.commandLine ? programOf(sources.running.commandLine) : undefined;
  const foreground = sources.foreground ? baseName(sources.foreground) : undefined;
  if (!foreground) return recorded;
  if (foreground === baseName(sources.shell)) return undefined;
  return LAUNCHERS.has(foreground) && recorded ? recorded : foreground;
};

const chooseTitle = (sources: TitleSources): string => {
  if (sources.custom) return sources.custom;
  const program = runningProgram(sources);
  if (program) return program;
  if (sources.program) return sources.program;
  if (sources.cwd) return lastPart(sources.cwd, sources.home);
  return sources.shell.split('/').pop() ?? sources.shell;
};

/**
 * A tab's title, as VS Code's `${process}`/`${cwd}` and iTerm2's defaults do: your own name if you
 * renamed it; else the program running in its foreground (`vim`, `sleep`, never a builtin like
 * `cd`); else what the shell set; else the
 * directory; else the shell. A shell that sets its title at every prompt (Debian's bashrc does)
 * still gives way to the running program. Each source is text a program chose (a remote host's
 * directory name, an OSC title): its controls show as pictures, on one line.
 */
export const tabTitle = (sources: TitleSources): string => displayLine(chooseTitle(sources));
