// SPDX-License-Identifier: MIT

/**
 * Commands that exist to print a secret. What they print is often a bare token with nothing around
 * it for a text rule to recognise (a password from `pass show`, a 1Password field, a registry
 * password, a random-looking access token), so their whole output is withheld instead (`pass show`, `op read`, `op item get` and `aws ecr get-login-password` were found printing it bare).
 *
 * Matched on the command line as the shell would split it: each simple command of a list or
 * pipeline (`|`, `&&`, `;`, `$(…)`), after environment assignments and the wrappers that run the
 * real program (`sudo -u x`, `env`, `command`, `exec`, `time`, `nohup`, `doas`), by the program's
 * base name (`/usr/bin/op`). A cheap scan, no shell parser: it runs for every record that leaves.
 */

type Matcher = (args: readonly string[], line: readonly (readonly string[])[]) => boolean;

const PASS_SUBCOMMANDS_PRINTING = new Set(['show', 'otp', 'generate', 'grep']);
const PASS_SUBCOMMANDS_QUIET = new Set([
  'init',
  'ls',
  'list',
  'find',
  'search',
  'insert',
  'add',
  'edit',
  'rm',
  'remove',
  'delete',
  'mv',
  'rename',
  'cp',
  'copy',
  'git',
  'help',
  'version',
  '--help',
  '--version',
]);

/** `pass show NAME`, `pass otp NAME`, and the bare `pass NAME` (which is `show`); `pass` alone lists names. */
const passLike: Matcher = (args) => {
  const first = args.find((a) => !a.startsWith('-'));
  if (first === undefined) return false;
  return PASS_SUBCOMMANDS_PRINTING.has(first) || !PASS_SUBCOMMANDS_QUIET.has(first);
};

const starts = (args: readonly string[], ...words: string[]): boolean => {
  const plain = args.filter((a) => !a.startsWith('-'));
  return words.every((word, i) => plain[i] === word);
};

const hasOption = (args: readonly string[], name: string): boolean => args.some((a) => a === name || a.startsWith(`${name}=`));

/** The stages of the same pipeline after `kubectl get secret`: one that decodes base64. */
const decodesBase64 = (line: readonly (readonly string[])[]): boolean =>
  line.some((words) => {
    const [program, ...args] = unwrap(words);
    return (
      program !== undefined &&
      baseName(program) === 'base64' &&
      args.some((a) => a === '-d' || a === '--decode' || a === '-D' || /^-[a-z]*d/.test(a))
    );
  });

const MATCHERS: Record<string, Matcher> = {
  pass: passLike,
  gopass: passLike,
  op: (args) => starts(args, 'read') || starts(args, 'item', 'get') || starts(args, 'document', 'get') || starts(args, 'inject'),
  aws: (args) =>
    starts(args, 'ecr', 'get-login-password') ||
    starts(args, 'ecr-public', 'get-login-password') ||
    starts(args, 'codeartifact', 'get-authorization-token') ||
    starts(args, 'secretsmanager', 'get-secret-value') ||
    (starts(args, 'ssm', 'get-parameter') && hasOption(args, '--with-decryption')) ||
    (starts(args, 'ssm', 'get-parameters') && hasOption(args, '--with-decryption')),
  gcloud: (args) =>
    starts(args, 'auth', 'print-access-token') ||
    starts(args, 'auth', 'print-identity-token') ||
    starts(args, 'auth', 'application-default', 'print-access-token') ||
    starts(args, 'secrets', 'versions', 'access'),
  az: (args) => starts(args, 'account', 'get-access-token') || starts(args, 'keyvault', 'secret', 'show'),
  gh: (args) => starts(args, 'auth', 'token'),
  vault: (args) => ((starts(args, 'read') || starts(args, 'kv', 'get')) && hasOption(args, '-field')) || starts(args, 'print', 'token'),
  kubectl: (args, line) =>
    starts(args, 'create', 'token') ||
    ((starts(args, 'get', 'secret') || starts(args, 'get', 'secrets')) &&
      (decodesBase64(line) ||
        args.some((a, i) => /jsonpath.*\.data/.test(a) || (a === '-o' && /jsonpath.*\.data/.test(args[i + 1] ?? ''))))),
  heroku: (args) => starts(args, 'auth:token'),
  npm: (args) => starts(args, 'token', 'create'),
  security: (args) => (starts(args, 'find-generic-password') || starts(args, 'find-internet-password')) && args.includes('-w'),
};

const SEPARATOR = /[|;&\n()`]/;

/** Most lines name none of the programs at all: they are let through by one regular expression. */
const MENTIONS_PROGRAM = new RegExp(`(?:^|[\\s/;&|(\`'"])(?:${Object.keys(MATCHERS).join('|')})(?=[\\s;&|)\`'"]|$)`);

/**
 * The line's simple commands, each as its words, grouped by list element (a pipeline stays one
 * group: `kubectl get secret … | base64 -d` is judged as a whole). Quotes and backslashes are
 * honoured; anything the scan does not understand only makes a word longer.
 */
export const simpleCommands = (line: string): string[][][] => {
  const groups: string[][][] = [[]];
  let words: string[] = [];
  let word = '';
  let quote: '"' | "'" | null = null;
  const endWord = () => {
    if (word !== '') words.push(word);
    word = '';
  };
  const endCommand = (pipe: boolean) => {
    endWord();
    if (words.length > 0) groups[groups.length - 1]!.push(words);
    words = [];
    if (!pipe && groups[groups.length - 1]!.length > 0) groups.push([]);
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\' && i + 1 < line.length) word += line[++i];
    else if (c === ' ' || c === '\t') endWord();
    else if (SEPARATOR.test(c)) endCommand(c === '|' && line[i + 1] !== '|' && line[i - 1] !== '|');
    else if (c === '$' && line[i + 1] === '(') endCommand(false);
    else word += c;
  }
  endCommand(false);
  return groups.filter((g) => g.length > 0);
};

const baseName = (program: string): string => program.slice(program.lastIndexOf('/') + 1);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'command', 'exec', 'time', 'nohup', 'nice', 'builtin']);
/** Wrapper options that take the next word as their value (`sudo -u deploy`, `env -u NAME`). */
const WITH_VALUE = new Set([
  '-u',
  '-g',
  '-h',
  '-p',
  '-C',
  '-D',
  '-r',
  '-t',
  '-U',
  '-T',
  '-n',
  '-S',
  '--user',
  '--group',
  '--chdir',
  '--unset',
]);

/** The words from the program that really runs: assignments and wrappers (with their options) skipped. */
const unwrap = (words: readonly string[]): readonly string[] => {
  let i = 0;
  for (;;) {
    while (i < words.length && ASSIGNMENT.test(words[i]!)) i++;
    if (i >= words.length || !WRAPPERS.has(baseName(words[i]!))) return words.slice(i);
    i++;
    while (i < words.length && words[i]!.startsWith('-')) {
      const option = words[i++]!;
      if (option === '--') break;
      if (WITH_VALUE.has(option)) i++;
    }
  }
};

/**
 * The secret-printing program the command line runs (`op`, `pass`, …), or null. Null for a null or
 * empty line: a record without one is judged by the text rules alone.
 */
export const secretPrintingProgram = (commandLine: string | null | undefined): string | null => {
  if (!commandLine || !MENTIONS_PROGRAM.test(commandLine)) return null;
  for (const group of simpleCommands(commandLine)) {
    for (const words of group) {
      const [program, ...args] = unwrap(words);
      if (program === undefined) continue;
      const name = baseName(program);
      const matcher = MATCHERS[name];
      if (matcher && Object.hasOwn(MATCHERS, name) && matcher(args, group)) return name;
    }
  }
  return null;
};

/**
 * The program a command line starts with, as the shell would find it: the first simple command's
 * first word past assignments and wrappers (`FOO=1 sudo -E make` is make, `(exit 3)` is exit,
 * `clear; ls` is clear), quotes removed; null for a line that runs nothing (`;`, blanks). Counted
 * by `history stats`, with the same scan the secret-printing check reads a line with.
 */
export const leadingProgram = (commandLine: string): string | null => {
  for (const group of simpleCommands(commandLine)) {
    for (const words of group) {
      const [program] = unwrap(words);
      if (program !== undefined && program !== '') return program;
    }
  }
  return null;
};
