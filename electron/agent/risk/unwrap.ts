// SPDX-License-Identifier: MIT
import { readOptions } from './option-table';
import { OPERAND_RUNNERS, WRAPPER_OPTIONS } from './wrapper-options';
import { programName, type Arg } from './words';

export type Unwrapped =
  | { readonly kind: 'command'; readonly argv: readonly Arg[]; readonly wrappers: readonly string[] }
  | { readonly kind: 'reparse'; readonly script: string };

/**
 * Variables whose value the shell or git later runs as a command: `GIT_PAGER='rm -rf ~' git log`
 * runs rm, and PROMPT_COMMAND runs at every prompt. Their values are read as command lines.
 */
export const CODE_VARIABLES = new Set([
  'PROMPT_COMMAND',
  'GIT_PAGER',
  'PAGER',
  'MANPAGER',
  'GIT_EXTERNAL_DIFF',
  'GIT_SSH_COMMAND',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'EDITOR',
  'VISUAL',
  'LESSOPEN',
  'LESSCLOSE',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
]);

/** Programs that run a script given as a string (-c) or on stdin. */
export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash']);

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
    if (/^[-+][oO]$/.test(a))
      i += 1; // `bash -o errexit -c …`: the option's value is not the script
    else if (!/^[-+]/.test(a)) return undefined;
    else if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) return argv[i + 1];
  }
  return undefined;
};

/** `env -S 'rm -rf x'` (or --split-string=…): env splits the string into the command it runs. */
const envSplitString = (argv: readonly Arg[]): string | undefined => {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]?.value ?? '';
    if (a === '-S' || a === '--split-string')
      return argv
        .slice(i + 1)
        .map((x) => x.value)
        .join(' ');
    if (a.startsWith('--split-string=')) return [a.slice(15), ...argv.slice(i + 1).map((x) => x.value)].join(' ');
    if (/^-[a-zA-Z]*S/.test(a)) return [a.slice(a.indexOf('S') + 1), ...argv.slice(i + 1).map((x) => x.value)].join(' ');
    if (!a.startsWith('-') && !a.includes('=')) return undefined;
  }
  return undefined;
};

/** ssh's options that take a value; its first operand is the host, the rest runs there. */
const SSH_VALUE_OPTIONS = new Set([
  '-b',
  '-c',
  '-D',
  '-E',
  '-e',
  '-F',
  '-I',
  '-i',
  '-J',
  '-L',
  '-l',
  '-m',
  '-O',
  '-o',
  '-p',
  '-Q',
  '-R',
  '-S',
  '-W',
  '-w',
]);

/**
 * Programs that run their operands (or a string) as a shell command line: `watch 'rm -rf x'`,
 * `script -c 'rm -rf x'`, `flock lockfile rm -rf x`, `chroot / rm -rf x`, `ssh host rm -rf x` runs
 * on the remote side, which the warning should name all the same. Every reading of their options
 * is followed (an unknown option may take the next word or not).
 */
const commandOperands = (name: string, argv: readonly Arg[]): string[] => {
  const words = argv.slice(1).map((a) => a.value);
  const c = words.findIndex((a) => a === '--command' || /^-[a-zA-Z]*c$/.test(a));
  if (name === 'script' || (name === 'flock' && c >= 0)) return c >= 0 && words[c + 1] !== undefined ? [words[c + 1] as string] : [];
  let starts: readonly number[];
  if (name === 'ssh') {
    let i = 1;
    while (i < argv.length && (argv[i]?.value ?? '').startsWith('-')) i += SSH_VALUE_OPTIONS.has(argv[i]?.value ?? '') ? 2 : 1;
    starts = [i];
  } else {
    const table = OPERAND_RUNNERS[name];
    if (!table) return [];
    starts = readOptions(table, argv).starts;
  }
  // watch runs all its operands; flock, chroot and ssh first take a lock file, a root or a host.
  const skip = name === 'watch' ? 0 : 1;
  return starts
    .map((s) =>
      argv
        .slice(s + skip)
        .map((a) => a.value)
        .join(' '),
    )
    .filter((script) => script.trim() !== '');
};

/** git settings whose value git runs as a command (an alias starting with ! is a shell command). */
const GIT_CODE_KEYS =
  /^(core\.(pager|editor|sshcommand|fsmonitor|askpass)|pager\.[^=]+|diff\.external|sequence\.editor|credential\.helper|alias\.[^=]+|[^=]*\.(textconv|command|cmd|clean|smudge|process))=/i;

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
  if (name === 'bind')
    return after('-x').map((b) =>
      b
        .slice(b.indexOf(':') + 1)
        .trim()
        .replace(/^"(.*)"$/s, '$1'),
    );
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
  const operandScripts = split !== undefined && split.trim() !== '' ? [split] : commandOperands(name, argv);
  if (operandScripts.length > 0) {
    return [{ kind: 'command', argv, wrappers }, ...operandScripts.map((script) => ({ kind: 'reparse' as const, script }))];
  }
  if (name === 'eval') {
    return [
      { kind: 'command', argv: [argv[0] as Arg], wrappers },
      {
        kind: 'reparse',
        script: argv
          .slice(1)
          .map((a) => a.value)
          .join(' '),
      },
    ];
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
  const table = WRAPPER_OPTIONS[name];
  if (table) {
    const { starts } = readOptions(table, argv);
    const self: Unwrapped = { kind: 'command', argv: argv.slice(0, Math.min(...starts)), wrappers };
    const inner = starts.filter((s) => s < argv.length).flatMap((s) => unwrap(argv.slice(s), [...wrappers, name]));
    // xargs with no command runs echo; the others alone (sudo -i, env) are themselves.
    if (inner.length === 0 && name === 'xargs')
      return [self, ...unwrap([{ value: 'echo', glob: false, dynamic: false }], [...wrappers, name])];
    return [self, ...inner];
  }
  return [{ kind: 'command', argv, wrappers }];
};
