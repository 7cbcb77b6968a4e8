// SPDX-License-Identifier: MIT
import { basename } from 'node:path';

/**
 * Programs that wait for the user: remote shells, pagers, editors, monitors, multiplexers. When one
 * holds the terminal's foreground, the command is handed to the user instead of waiting for it.
 */
const WAITS_FOR_USER = new Map<string, string>([
  ...['ssh', 'mosh', 'mosh-client', 'telnet', 'sftp', 'ftp'].map((n) => [n, 'a remote session'] as const),
  ...['less', 'more', 'most', 'man', 'pager'].map((n) => [n, 'a pager'] as const),
  ...['vi', 'vim', 'nvim', 'nano', 'emacs', 'pico', 'micro', 'ed', 'mcedit'].map((n) => [n, 'an editor'] as const),
  ...['top', 'htop', 'btop', 'atop', 'watch', 'nmon', 'iotop'].map((n) => [n, 'a monitor'] as const),
  ...['tmux', 'screen', 'zellij', 'mc', 'ranger', 'nnn', 'fzf', 'tig', 'lazygit'].map((n) => [n, 'a full-screen program'] as const),
  ...['python', 'python3', 'node', 'irb', 'psql', 'mysql', 'sqlite3', 'redis-cli', 'ghci', 'lua'].map(
    (n) => [n, 'an interactive program'] as const,
  ),
]);

/** Why a program in the foreground needs the user, or null when it does not look like it. */
const foregroundNeedsUser = (process: string | undefined): string | null => {
  if (!process) return null;
  const name = basename(process).replace(/^-/, '');
  return WAITS_FOR_USER.get(name) ?? WAITS_FOR_USER.get(name.replace(/[\d.]+$/, '')) ?? null;
};

export interface HandOverSignals {
  readonly secretPrompt: boolean;
  readonly foreground: string | undefined;
  readonly altScreen: boolean;
  readonly elapsedMs: number;
  readonly limitMs: number;
}

/** Why the command is now the user's to finish, or null while it runs on its own. */
export const handOverReason = (s: HandOverSignals): string | null => {
  if (s.secretPrompt) return 'a password prompt';
  const program = foregroundNeedsUser(s.foreground);
  if (program) return program;
  if (s.altScreen) return 'a full-screen program';
  if (s.elapsedMs >= s.limitMs) return `still running after ${Math.round(s.limitMs / 1000)} s`;
  return null;
};
