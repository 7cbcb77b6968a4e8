// SPDX-License-Identifier: MIT

/**
 * What a command line typed at a shell without integration may do to where the next one runs.
 * The heuristic segmenter cannot ask the shell, so it records the start directory and host only
 * while no command could have changed them, and nothing (null) after that: an unknown cwd is
 * better than a wrong one. A program cannot change its parent shell's directory, so only the
 * builtins below can; a nested shell or a remote login means later prompts belong to another
 * shell, with another directory and maybe another host.
 */
export interface CommandEffects {
  readonly cwd: boolean;
  readonly host: boolean;
}

/** Builtins that change the shell's own directory, or run code that may (a function or alias could too). */
const MOVES_DIRECTORY = new Set(['cd', 'pushd', 'popd', 'chdir', '.', 'source', 'eval', 'exec', 'builtin', 'command']);

/** Programs after which prompts may be another shell's (same host, any directory). */
const NESTS_SHELL = new Set([
  'sh',
  'ash',
  'dash',
  'bash',
  'zsh',
  'fish',
  'ksh',
  'mksh',
  'yash',
  'csh',
  'tcsh',
  'busybox',
  'su',
  'sudo',
  'doas',
  'runuser',
  'newgrp',
  'sg',
  'script',
  'chroot',
  'nsenter',
  'unshare',
  'tmux',
  'screen',
  'nix-shell',
  'env',
  'exit',
  'logout',
]);

/** Programs that usually reach another host. */
const LEAVES_HOST = new Set([
  'ssh',
  'mosh',
  'telnet',
  'rsh',
  'rlogin',
  'docker',
  'podman',
  'kubectl',
  'lxc',
  'incus',
  'vagrant',
  'toolbox',
  'distrobox',
  'machinectl',
  'gcloud',
  'aws',
  'az',
]);

/** `sudo ls` and `env FOO=1 ls` are `ls`, but `sudo` or `env` alone (or `sudo -i`) start a shell. */
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'nohup', 'time', 'nice', 'ionice', 'timeout', 'stdbuf']);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The first word of each simple command (split at `;`, `&`, `|`, newlines, parentheses, braces). */
const commandWords = (line: string): string[] => {
  const words: string[] = [];
  for (const part of line.split(/[;&|\n(){}`]|\$\(/)) {
    const tokens = part
      .trim()
      .split(/\s+/)
      .filter((token) => token !== '');
    let i = 0;
    while (i < tokens.length && ASSIGNMENT.test(tokens[i]!)) i++;
    // Through wrappers, skipping their options: `sudo -u x ls` runs ls, `sudo -i` runs a shell.
    while (i < tokens.length && WRAPPERS.has(basename(tokens[i]!))) {
      let j = i + 1;
      while (j < tokens.length && (tokens[j]!.startsWith('-') || ASSIGNMENT.test(tokens[j]!) || /^\d+[smhd]?$/.test(tokens[j]!))) j++;
      if (j >= tokens.length || tokens.slice(i + 1, j).some((t) => t === '-i' || t === '-s' || t === '--login' || t === '--shell')) break;
      i = j;
    }
    if (i < tokens.length) words.push(basename(tokens[i]!.replace(/^['"\\]+|['"]+$/g, '')));
  }
  return words;
};

const basename = (word: string): string => word.slice(word.lastIndexOf('/') + 1);

export const commandEffects = (line: string): CommandEffects => {
  let cwd = false;
  let host = false;
  for (const word of commandWords(line)) {
    if (MOVES_DIRECTORY.has(word)) cwd = true;
    else if (NESTS_SHELL.has(word)) cwd = true;
    else if (LEAVES_HOST.has(word)) {
      cwd = true;
      host = true;
    }
  }
  return { cwd, host };
};
