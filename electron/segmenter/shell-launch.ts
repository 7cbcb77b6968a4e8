// SPDX-License-Identifier: MIT
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeSecret } from '../pty/secret-file';
import { defaultProbe, isPowerShell, MIN_BASH_MAJOR, oldBashArgs, powerShellArgs, shellName, type LaunchProbe } from './shell-fallback';
import { assertValidNonce } from './protocol/mark-codec';

export interface ShellLaunch {
  file: string;
  args: string[];
  env: Record<string, string>;
  integrated: boolean;
}

export type IntegratedShell = 'bash' | 'zsh' | 'fish';

/** `bash`, `/usr/bin/zsh`, `-fish` (login argv[0]), `bash5`, `zsh-5.9`, `C:\…\bash.exe` → the family. */
export const shellKind = (shell: string): IntegratedShell | undefined => {
  const name = shellName(shell);
  const match = /^(bash|zsh|fish)(?:-?[\d.]+)?$/.exec(name);
  return match ? (match[1] as IntegratedShell) : undefined;
};

/**
 * Whether a terminal's shell starts as a login shell (Settings → Terminal): `platform` does as the
 * system's terminals do. macOS's Terminal.app and iTerm2 start login shells; gnome-terminal and VS
 * Code on Linux start non-login ones, and a login bash in a HOME with ~/.bashrc but no ~/.profile
 * read neither the user's aliases nor prompt (issue 41).
 */
export const startsLogin = (choice: 'platform' | 'always' | 'never', platform: NodeJS.Platform): boolean =>
  choice === 'always' || (choice === 'platform' && platform === 'darwin');

/**
 * How to start `shell` interactive with our integration, login-style if `login`, never touching
 * the user's dotfiles:
 * - bash reads our init file (`--init-file`), which imitates a login shell by sourcing the profile
 *   files itself (bash ignores `--init-file` in a real login shell), or else sources ~/.bashrc as
 *   an interactive bash does;
 * - zsh starts with ZDOTDIR on our shim dir, whose dotfiles source the user's from the original
 *   ZDOTDIR (or HOME) and put ZDOTDIR back when done;
 * - fish finds our snippet as a vendor conf.d through XDG_DATA_DIRS, which it restores; vendor
 *   snippets run after the user's own conf.d snippets but before config.fish.
 * The nonce travels in a private file (see pty/secret-file.ts) whose path is CONTEXTERM_NONCE_FILE;
 * each script reads it into an unexported variable and deletes the file at once, before the
 * user's startup files (fish: config.fish). Never in the environment: /proc/<pid>/environ would show it to every program for the
 * shell's whole life. (The scripts still take CONTEXTERM_NONCE, for a shell started by hand.)
 * Other shells (sh, dash, ksh…) start plain, and the segmenter falls back to its heuristics; so do
 * bash before 4 (macOS's /bin/bash) and PowerShell, with a notice saying so (shell-fallback.ts).
 */
export function shellLaunch(
  shell: string,
  nonce: string,
  resourcesDir: string,
  baseEnv: Record<string, string>,
  probe: LaunchProbe = defaultProbe,
  login: boolean = startsLogin('platform', probe.platform),
): ShellLaunch {
  assertValidNonce(nonce);
  const kind = shellKind(shell);
  const env: Record<string, string> = { ...baseEnv };
  for (const key of Object.keys(env)) if (key.startsWith('CONTEXTERM_')) delete env[key];
  if (isPowerShell(shell)) return { file: shell, args: powerShellArgs(), env, integrated: false };
  // cmd.exe and other Windows programs know no -l.
  const loginArgs = login ? ['-l'] : [];
  if (!kind) return { file: shell, args: probe.platform === 'win32' ? [] : loginArgs, env, integrated: false };
  if (kind === 'bash' && (probe.bashMajor(shell) ?? MIN_BASH_MAJOR) < MIN_BASH_MAJOR) {
    if (login) env.CONTEXTERM_SHELL_LOGIN = '1';
    return { file: shell, args: oldBashArgs(resourcesDir), env, integrated: false };
  }
  env.CONTEXTERM_NONCE_FILE = writeSecret(nonce);
  switch (kind) {
    case 'bash':
      if (login) env.CONTEXTERM_SHELL_LOGIN = '1';
      return { file: shell, args: ['--init-file', join(resourcesDir, 'bash', 'contexterm.bash'), '-i'], env, integrated: true };
    case 'zsh': {
      const shim = join(resourcesDir, 'zsh');
      const userDir = baseEnv.ZDOTDIR && baseEnv.ZDOTDIR !== shim ? baseEnv.ZDOTDIR : undefined;
      if (userDir !== undefined) env.CONTEXTERM_USER_ZDOTDIR = userDir;
      else env.CONTEXTERM_USER_ZDOTDIR_UNSET = '1';
      if (!env.HOME) env.HOME = homedir();
      env.ZDOTDIR = shim;
      return { file: shell, args: [...loginArgs, '-i'], env, integrated: true };
    }
    case 'fish': {
      const original = baseEnv.XDG_DATA_DIRS;
      if (original !== undefined) env.CONTEXTERM_XDG_DATA_DIRS = original;
      // The XDG default when unset, so fish still finds the system's own vendor dirs.
      env.XDG_DATA_DIRS = `${resourcesDir}:${original || '/usr/local/share:/usr/share'}`;
      return { file: shell, args: [...loginArgs, '-i'], env, integrated: true };
    }
  }
}
