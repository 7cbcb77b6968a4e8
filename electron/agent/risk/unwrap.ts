// SPDX-License-Identifier: MIT
import { programName, type Arg } from './words';

export type Unwrapped =
  | { readonly kind: 'command'; readonly argv: readonly Arg[]; readonly wrappers: readonly string[] }
  | { readonly kind: 'reparse'; readonly script: string };

/**
 * Variables whose value the shell or git later runs as a command: `GIT_PAGER='rm -rf ~' git log`
 * runs rm, and PROMPT_COMMAND runs at every prompt. Their values are read as command lines.
 */
export const CODE_VARIABLES = new Set([
  'PROMPT_COMMAND', 'GIT_PAGER', 'PAGER', 'MANPAGER', 'GIT_EXTERNAL_DIFF', 'GIT_SSH_COMMAND', 'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR', 'EDITOR', 'VISUAL', 'LESSOPEN', 'LESSCLOSE', 'GIT_ASKPASS', 'SSH_ASKPASS', 'SUDO_ASKPASS',
]);

/** Programs that run a script given as a string (-c) or on stdin. */
export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash']);

/** Options of each wrapper that take a value, so the value is not mistaken for the command. */
const VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  pkexec: new Set(['--user']),
  run0: new Set(['-u', '--user', '-g', '--group', '-D', '--chdir', '--unit', '--property', '--description', '--slice', '--nice', '--machine', '--setenv']),
  coproc: new Set(),
  setsid: new Set(),
  busybox: new Set(),
  toybox: new Set(),
  sudo: new Set(['-u', '-g', '-C', '-h', '-p', '-U', '-r', '-t', '-D', '-R', '--user', '--group', '--prompt', '--chdir']),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '-C', '--unset', '--chdir']),
  exec: new Set(['-a']),
  nice: new Set(['-n', '--adjustment']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  // --replace, --eof and -i take their value only as --replace=R / -iR, never from the next word.
  xargs: new Set(['-I', '-L', '-n', '-P', '-s', '-d', '-E', '-a', '--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-lines']),
  command: new Set(),
  nohup: new Set(),
  time: new Set(),
  builtin: new Set(),
  stdbuf: new Set(['-i', '-o', '-e']),
  ionice: new Set(['-c', '-n', '-p']),
};

/** Skips a wrapper's options (and, for env, its VAR=value pairs); returns the index of the command. */
const skipOptions = (wrapper: string, argv: readonly Arg[]): number => {
  const takesValue = VALUE_OPTIONS[wrapper] ?? new Set<string>();
  let i = 1;
  while (i < argv.length) {
    const a = argv[i]?.value ?? '';
    if (a === '--') return i + 1;
    if (wrapper === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) i += 1;
    else if (takesValue.has(a)) i += 2;
    else if (a.startsWith('-') && a.length > 1) i += 1;
    else break;
  }
  // timeout's first operand is the duration, not the command.
  return wrapper === 'timeout' ? i + 1 : i;
};

/** find … -exec cmd … ; (or +): the commands it runs for each file. */
const findExecs = (argv: readonly Arg[]): Arg[][] => {
  const found: Arg[][] = [];
  for (let i = 1; i < argv.length; i++) {
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(argv[i]?.value ?? '')) continue;
    const inner: Arg[] = [];
    for (i += 1; i < argv.length && ![';', '+'].includes(argv[i]?.value ?? ''); i++) inner.push(argv[i] as Arg);
    if (inner.length > 0) found.push(inner);
  }
  return found;
};

/** The string a shell runs with -c, if any: `bash -lc 'rm -rf x'`. */
const shellScript = (argv: readonly Arg[]): Arg | undefined => {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]?.value ?? '';
    if (/^[-+][oO]$/.test(a)) i += 1; // `bash -o errexit -c …`: the option's value is not the script
    else if (!/^[-+]/.test(a)) return undefined;
    else if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) return argv[i + 1];
  }
  return undefined;
};

/** `env -S 'rm -rf x'` (or --split-string=…): env splits the string into the command it runs. */
const envSplitString = (argv: readonly Arg[]): string | undefined => {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]?.value ?? '';
    if (a === '-S' || a === '--split-string') return argv.slice(i + 1).map((x) => x.value).join(' ');
    if (a.startsWith('--split-string=')) return [a.slice(15), ...argv.slice(i + 1).map((x) => x.value)].join(' ');
    if (/^-[a-zA-Z]*S/.test(a)) return [a.slice(a.indexOf('S') + 1), ...argv.slice(i + 1).map((x) => x.value)].join(' ');
    if (!a.startsWith('-') && !a.includes('=')) return undefined;
  }
  return undefined;
};

/**
 * Programs that run their operands (or a string) as a shell command line: `watch 'rm -rf x'`,
 * `script -c 'rm -rf x'`, `flock lockfile rm -rf x`, `chroot / rm -rf x`, `ssh host rm -rf x` runs
 * on the remote side, which the warning should name all the same.
 */
const OPERAND_VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  watch: new Set(['-n', '--interval', '-q', '--equexit']),
  flock: new Set(['-w', '--timeout', '-E', '--conflict-exit-code']),
  chroot: new Set(['--userspec', '--groups']),
  ssh: new Set(['-b', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-Q', '-R', '-S', '-W', '-w']),
};

const commandOperands = (name: string, argv: readonly Arg[]): string | undefined => {
  const words = argv.slice(1).map((a) => a.value);
  const c = words.findIndex((a) => a === '--command' || /^-[a-zA-Z]*c$/.test(a));
  if (name === 'script' || (name === 'flock' && c >= 0)) return c >= 0 ? words[c + 1] : undefined;
  const takesValue = OPERAND_VALUE_OPTIONS[name];
  if (!takesValue) return undefined;
  let i = 0;
  while (i < words.length && (words[i] ?? '').startsWith('-')) i += takesValue.has(words[i] ?? '') ? 2 : 1;
  // watch runs all its operands; flock, chroot and ssh first take a lock file, a root or a host.
  const from = name === 'watch' ? i : i + 1;
  return from < words.length ? words.slice(from).join(' ') : undefined;
};

/** git settings whose value git runs as a command (an alias starting with ! is a shell command). */
const GIT_CODE_KEYS = /^(core\.(pager|editor|sshcommand|fsmonitor|askpass)|pager\.[^=]+|diff\.external|sequence\.editor|credential\.helper|alias\.[^=]+|[^=]*\.(textconv|command|cmd|clean|smudge|process))=/i;

/** `git -c core.pager='rm -rf ~' log`: the values of -c settings that git will run. */
const gitConfiguredCode = (argv: readonly Arg[]): string[] =>
  argv.flatMap((a, i) => {
    const setting = argv[i - 1]?.value === '-c' ? a.value : '';
    const key = GIT_CODE_KEYS.exec(setting);
    return key ? [setting.slice(key[0].length).replace(/^!/, '')] : [];
  });

/**
 * Builtins that store a command line for the shell to run later: `trap 'rm -rf ~' EXIT`,
 * `alias ls='rm -rf ~'`, `bind -x '"\C-m": rm -rf ~'`, `complete -C 'rm -rf ~' x`, and
 * `printf -v PROMPT_COMMAND 'rm -rf ~'`. Their stored lines are read like `sh -c` strings.
 */
const storedCommands = (name: string, argv: readonly Arg[]): string[] => {
  const words = argv.slice(1).map((a) => a.value);
  const after = (flag: string) => (words.indexOf(flag) >= 0 ? [words[words.indexOf(flag) + 1] ?? ''] : []);
  if (name === 'trap') return words[0] && !words[0].startsWith('-') ? [words[0]] : [];
  if (name === 'alias') return words.filter((w) => w.includes('=')).map((w) => w.slice(w.indexOf('=') + 1));
  if (name === 'bind') return after('-x').map((b) => b.slice(b.indexOf(':') + 1).trim().replace(/^"(.*)"$/s, '$1'));
  if (name === 'complete' || name === 'compgen') return after('-C');
  if (name === 'printf' && words[0] === '-v' && CODE_VARIABLES.has(words[1] ?? '')) return words.slice(2, 3);
  return [];
};

/**
 * Looks through wrappers to the commands that really run. A wrapper that is itself a risk (sudo,
 * doas) stays in `wrappers` so the classifier can name it; transparent ones (env, nice, xargs…) are
 * kept there too, for the warning text. Strings given to eval and `sh -c` come back to be parsed
 * again, since the shell will parse them.
 */
export const unwrap = (argv: readonly Arg[], wrappers: readonly string[] = []): Unwrapped[] => {
  const name = programName(argv[0]?.value ?? '');
  if (argv[0]?.dynamic) return [{ kind: 'command', argv, wrappers }];
  const stored = name === 'git' ? gitConfiguredCode(argv) : storedCommands(name, argv);
  if (stored.length > 0) return [{ kind: 'command', argv, wrappers }, ...stored.map((script) => ({ kind: 'reparse' as const, script }))];
  const split = name === 'env' ? envSplitString(argv) : undefined;
  const operandScript = split ?? commandOperands(name, argv);
  if (operandScript !== undefined && operandScript.trim() !== '') {
    return [{ kind: 'command', argv, wrappers }, { kind: 'reparse', script: operandScript }];
  }
  if (name === 'eval') {
    return [{ kind: 'command', argv: [argv[0] as Arg], wrappers }, { kind: 'reparse', script: argv.slice(1).map((a) => a.value).join(' ') }];
  }
  if (SHELLS.has(name) || name === 'su') {
    const script = name === 'su' ? argv[argv.findIndex((a) => a.value === '-c' || a.value === '--command') + 1] : shellScript(argv);
    const self: Unwrapped = { kind: 'command', argv, wrappers };
    return script && argv.indexOf(script) > 0 ? [self, { kind: 'reparse', script: script.value }] : [self];
  }
  if (name === 'find') {
    const inner = findExecs(argv).flatMap((cmd) => unwrap(cmd, [...wrappers, 'find -exec']));
    return [{ kind: 'command', argv, wrappers }, ...inner];
  }
  if (name === 'command' && argv.some((a) => a.value === '-v' || a.value === '-V')) {
    return [{ kind: 'command', argv, wrappers }]; // a lookup, not a run
  }
  if (name in VALUE_OPTIONS) {
    const start = skipOptions(name, argv);
    const rest = argv.slice(start);
    const self: Unwrapped = { kind: 'command', argv: argv.slice(0, start), wrappers };
    if (rest.length === 0) {
      // xargs with no command runs echo; the others alone (sudo -i, env) are themselves.
      return name === 'xargs' ? [self, ...unwrap([{ value: 'echo', glob: false, dynamic: false }], [...wrappers, name])] : [self];
    }
    return [self, ...unwrap(rest, [...wrappers, name])];
  }
  return [{ kind: 'command', argv, wrappers }];
};
