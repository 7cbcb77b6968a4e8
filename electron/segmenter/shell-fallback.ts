// SPDX-License-Identifier: MIT
import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';

// Shells the integration scripts cannot serve, started so that they still work and say why the
// terminal runs in the heuristic mode (docs/platforms.md has the table).

/** The integration script needs bash 4 (macOS's /bin/bash is 3.2). */
export const MIN_BASH_MAJOR = 4;

/** `/bin/bash`, `C:\Program Files\Git\bin\bash.exe`, `-zsh` → `bash`, `bash`, `zsh`: the file name alone. */
export const shellName = (shell: string): string => (shell.split(/[\\/]/).pop() ?? shell).replace(/^-/, '').replace(/\.exe$/i, '');

export const isPowerShell = (shell: string): boolean => /^(pwsh|powershell)(-preview)?$/i.test(shellName(shell));

/** What shellLaunch needs to know about the machine; injected by tests. */
export interface LaunchProbe {
  readonly platform: NodeJS.Platform;
  /** The major version of the bash at this path; undefined when it cannot be told (then it is trusted). */
  bashMajor(shell: string): number | undefined;
}

const majors = new Map<string, number | undefined>();

const majorOf = (stdout: unknown): number | undefined => {
  const match = /version (\d+)\./.exec(typeof stdout === 'string' ? stdout : '');
  return match ? Number(match[1]) : undefined;
};

/**
 * `bash --version` prints "GNU bash, version 5.2.15(1)-release …": run once per path and process (a
 * few milliseconds; no startup file is read). A shell that cannot be run is the pty's to report.
 * Asked before `warmBashMajor` answered (or for another path), it runs here and now, synchronously.
 */
export const bashMajorVersion = (shell: string): number | undefined => {
  if (majors.has(shell)) return majors.get(shell);
  const result = spawnSync(shell, ['--version'], { encoding: 'utf8', timeout: 3_000, stdio: ['ignore', 'pipe', 'ignore'] });
  const major = majorOf(result.stdout);
  majors.set(shell, major);
  return major;
};

/**
 * Asks `bash --version` ahead, without waiting for it (at start-up, for the shell terminals will
 * run), so the first terminal's launch finds the answer instead of blocking the thread on it.
 */
export const warmBashMajor = (shell: string): Promise<void> =>
  new Promise((resolve) => {
    if (majors.has(shell)) return resolve();
    execFile(shell, ['--version'], { encoding: 'utf8', timeout: 3_000 }, (_error, stdout) => {
      if (!majors.has(shell)) majors.set(shell, majorOf(stdout));
      resolve();
    }).stdin?.end();
  });

export const defaultProbe: LaunchProbe = { platform: process.platform, bashMajor: bashMajorVersion };

/**
 * bash older than 4: started with a plain init file that only imitates the login shell and prints a
 * one-line notice (resources/shell-integration/bash/plain.bash, written for bash 3.2), no marks.
 */
export const oldBashArgs = (resourcesDir: string): string[] => ['--init-file', join(resourcesDir, 'bash', 'plain.bash'), '-i'];

/**
 * Honest about the heuristic mode's reach: PowerShell's `PS C:\> ` ends in "> ", which the heuristic
 * detector reads as a continuation prompt (electron/segmenter/heuristic.ts), so prompts are seldom found.
 */
const POWERSHELL_NOTICE =
  'contexterm: PowerShell has no shell integration yet, so this terminal runs in the heuristic mode and its commands are seldom recorded. bash (Git Bash, WSL) and zsh get the full integration.';

/** PowerShell: its profile as usual, then the notice, and it stays interactive. */
export const powerShellArgs = (): string[] => ['-NoLogo', '-NoExit', '-Command', `Write-Host '${POWERSHELL_NOTICE.replace(/'/g, "''")}'`];
