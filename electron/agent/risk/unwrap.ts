// SPDX-License-Identifier: MIT
import type { Arg } from './words';

export type Unwrapped =
  | { readonly kind: 'command'; readonly argv: readonly Arg[]; readonly wrappers: readonly string[] }
  | { readonly kind: 'reparse'; readonly script: string };

/** Programs that run a script given as a string (-c) or on stdin. */
export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash']);

/** Options of each wrapper that take a value, so the value is not mistaken for the command. */
const VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  sudo: new Set(['-u', '-g', '-C', '-h', '-p', '-U', '-r', '-t', '-D', '-R', '--user', '--group', '--prompt', '--chdir']),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '-C', '--unset', '--chdir']),
  exec: new Set(['-a']),
  nice: new Set(['-n', '--adjustment']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  xargs: new Set(['-I', '-L', '-n', '-P', '-s', '-d', '-E', '-a', '--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-lines', '--replace', '--eof']),
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
    if (!a.startsWith('-')) return undefined;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) return argv[i + 1];
  }
  return undefined;
};

/**
 * Looks through wrappers to the commands that really run. A wrapper that is itself a risk (sudo,
 * doas) stays in `wrappers` so the classifier can name it; transparent ones (env, nice, xargs…) are
 * kept there too, for the warning text. Strings given to eval and `sh -c` come back to be parsed
 * again, since the shell will parse them.
 */
export const unwrap = (argv: readonly Arg[], wrappers: readonly string[] = []): Unwrapped[] => {
  const name = argv[0]?.value ?? '';
  if (argv[0]?.dynamic) return [{ kind: 'command', argv, wrappers }];
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
