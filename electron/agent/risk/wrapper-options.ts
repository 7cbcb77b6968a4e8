// SPDX-License-Identifier: MIT
import type { OptionTable } from './option-table';

const flagsOnly = (shortFlags: string, longFlags: readonly string[] = []): OptionTable => ({
  shortValue: '',
  shortFlags,
  longValue: [],
  longFlags: ['--help', '--version', ...longFlags],
});

/**
 * Programs that run the command after their options, with every option they accept. Taken from
 * the tools' own `--help` on Debian 12 (GNU coreutils 9.1, findutils 4.9, util-linux 2.38) and,
 * for those not installed here, from their manuals (sudo 1.9, OpenDoas, polkit's pkexec, systemd's
 * run0). `acting` names the options with which the wrapper itself writes a file or changes another
 * process, so the line is not read-only whatever it wraps.
 */
export const WRAPPER_OPTIONS: Readonly<Record<string, OptionTable>> = {
  xargs: {
    shortValue: 'adEILnPs',
    shortOptional: 'eil',
    shortFlags: '0oprtx',
    longValue: ['--arg-file', '--delimiter', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
    longOptional: ['--eof', '--replace'],
    longFlags: [
      '--null',
      '--open-tty',
      '--interactive',
      '--no-run-if-empty',
      '--show-limits',
      '--verbose',
      '--exit',
      '--help',
      '--version',
    ],
  },
  env: {
    shortValue: 'uCS',
    shortFlags: 'i0v',
    longValue: ['--unset', '--chdir', '--split-string'],
    longOptional: ['--block-signal', '--default-signal', '--ignore-signal'],
    longFlags: ['--ignore-environment', '--null', '--list-signal-handling', '--debug', '--help', '--version'],
    // env -S splits its string by env's own rules (\_ for a space, ${VAR}), not bash's: what runs is
    // read again for its dangers, but never called read-only.
    acting: ['-S', '--split-string'],
    assignments: true,
  },
  nice: { shortValue: 'n', shortFlags: '', longValue: ['--adjustment'], longFlags: ['--help', '--version'] },
  ionice: {
    shortValue: 'cnpPu',
    shortFlags: 'thV',
    longValue: ['--class', '--classdata', '--pid', '--pgid', '--uid'],
    longFlags: ['--ignore', '--help', '--version'],
    acting: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'],
  },
  stdbuf: { shortValue: 'ioe', shortFlags: '', longValue: ['--input', '--output', '--error'], longFlags: ['--help', '--version'] },
  timeout: {
    shortValue: 'ks',
    shortFlags: 'v',
    longValue: ['--kill-after', '--signal'],
    longFlags: ['--preserve-status', '--foreground', '--verbose', '--help', '--version'],
    leadingOperands: 1,
  },
  // nohup writes nohup.out when its output is a terminal, as it is at the prompt.
  nohup: { ...flagsOnly(''), acting: ['nohup.out'] },
  // bash's `time` takes -p; GNU time also -f, and -o writes its report to a file.
  time: {
    shortValue: 'fo',
    shortFlags: 'apqv',
    longValue: ['--format', '--output'],
    longFlags: ['--append', '--portability', '--quiet', '--verbose', '--help', '--version'],
    acting: ['-o', '--output'],
  },
  command: flagsOnly('pvV'),
  builtin: flagsOnly(''),
  exec: { shortValue: 'a', shortFlags: 'cl', longValue: [], longFlags: [] },
  coproc: flagsOnly(''),
  busybox: flagsOnly(''),
  toybox: flagsOnly(''),
  setsid: flagsOnly('cfwhV', ['--ctty', '--fork', '--wait']),
  chrt: {
    shortValue: 'TPD',
    shortFlags: 'bdfiorRampvhV',
    longValue: ['--sched-runtime', '--sched-period', '--sched-deadline'],
    longFlags: [
      '--batch',
      '--deadline',
      '--fifo',
      '--idle',
      '--other',
      '--rr',
      '--reset-on-fork',
      '--all-tasks',
      '--max',
      '--pid',
      '--verbose',
      '--help',
      '--version',
    ],
    acting: ['-p', '--pid'],
    leadingOperands: 1,
  },
  taskset: {
    shortValue: '',
    shortFlags: 'apchV',
    longValue: [],
    longFlags: ['--all-tasks', '--pid', '--cpu-list', '--help', '--version'],
    acting: ['-p', '--pid'],
    leadingOperands: 1,
  },
  sudo: {
    // -h is both --help and -h HOST: left out, so both readings are followed.
    shortValue: 'CDgpRrTtUu',
    shortOptional: 'E',
    shortFlags: 'ABbeHiKklNnPSsVv',
    longValue: [
      '--close-from',
      '--chdir',
      '--group',
      '--host',
      '--prompt',
      '--chroot',
      '--role',
      '--type',
      '--command-timeout',
      '--other-user',
      '--user',
    ],
    longOptional: ['--preserve-env'],
    longFlags: [
      '--askpass',
      '--bell',
      '--background',
      '--edit',
      '--set-home',
      '--login',
      '--remove-timestamp',
      '--reset-timestamp',
      '--list',
      '--no-update',
      '--non-interactive',
      '--preserve-groups',
      '--stdin',
      '--shell',
      '--version',
      '--validate',
      '--help',
    ],
  },
  doas: { shortValue: 'aCu', shortFlags: 'Lns', longValue: [], longFlags: [] },
  pkexec: {
    shortValue: '',
    shortFlags: '',
    longValue: ['--user'],
    longFlags: ['--disable-internal-agent', '--keep-cwd', '--help', '--version'],
  },
  run0: {
    shortValue: 'ugD',
    shortFlags: 'hV',
    longValue: [
      '--user',
      '--group',
      '--chdir',
      '--unit',
      '--property',
      '--description',
      '--slice',
      '--nice',
      '--machine',
      '--setenv',
      '--background',
      '--slice-inherit',
    ],
    longFlags: ['--no-ask-password', '--help', '--version'],
  },
};

/**
 * Programs that run their operands (or a string) as a shell command line, after an operand of their
 * own: `flock lockfile rm -rf x`, `chroot / rm -rf x`; watch runs all its operands.
 */
export const OPERAND_RUNNERS: Readonly<Record<string, OptionTable>> = {
  watch: {
    shortValue: 'nq',
    shortOptional: 'd',
    shortFlags: 'bcegptwxhv',
    longValue: ['--interval', '--equexit'],
    longOptional: ['--differences'],
    longFlags: ['--beep', '--color', '--errexit', '--chgexit', '--precise', '--no-title', '--no-wrap', '--exec', '--help', '--version'],
  },
  flock: {
    shortValue: 'wEc',
    shortFlags: 'sxunoFhV',
    longValue: ['--timeout', '--conflict-exit-code', '--command'],
    longFlags: ['--shared', '--exclusive', '--unlock', '--nonblock', '--close', '--no-fork', '--verbose', '--help', '--version'],
  },
  chroot: { shortValue: '', shortFlags: '', longValue: ['--groups', '--userspec'], longFlags: ['--skip-chdir', '--help', '--version'] },
};
