// SPDX-License-Identifier: MIT
import type { Node as SyntaxNode } from '@vscode/tree-sitter-wasm';

/** One argument as the shell would pass it, as far as the text alone can tell. */
export interface Arg {
  /** The value with quotes and backslashes removed; expansions stay as written ("$HOME"). */
  readonly value: string;
  /** An unquoted *, ? or [ the shell would expand: "rm -r" and "rm *" are both listed deletions. */
  readonly glob: boolean;
  /** Holds an expansion or a substitution, so the real value is only known when it runs. */
  readonly dynamic: boolean;
}

const GLOB = /[*?[]/;

const unescape = (text: string): string => text.replace(/\\(.)/gs, '$1');

const SIMPLE_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * The value bash gives a $'…' string: `$'\x72m'` is `rm`, so the escapes are decoded before the
 * rules read the word (left encoded, a command name would hide from every rule).
 */
const decodeAnsiC = (body: string): string =>
  body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (_, esc: string) => {
    const head = esc[0] ?? '';
    if (head === 'x' || head === 'u' || head === 'U') return String.fromCodePoint(Math.min(parseInt(esc.slice(1), 16), 0x10ffff));
    if (/[0-7]/.test(head)) return String.fromCharCode(parseInt(esc, 8) & 0xff);
    if (head === 'c') return String.fromCharCode(esc.charCodeAt(1) & 0x1f);
    return SIMPLE_ESCAPES[head] ?? head;
  });

/** An unquoted word's text as an Arg (after brace expansion, which leaves plain words). */
export const plainWord = (text: string): Arg => ({ value: unescape(text), glob: GLOB.test(text.replace(/\\./gs, '')), dynamic: false });

/** Reads a word-like node (word, string, raw_string, concatenation, expansions…) into an Arg. */
export const readArg = (node: SyntaxNode): Arg => {
  switch (node.type) {
    case 'word':
      return { value: unescape(node.text), glob: GLOB.test(node.text.replace(/\\./gs, '')), dynamic: false };
    case 'raw_string':
      return { value: node.text.slice(1, -1), glob: false, dynamic: false };
    case 'ansi_c_string':
      return { value: decodeAnsiC(node.text.slice(2, -1)), glob: false, dynamic: false };
    case 'string': {
      const inner = node.text.slice(node.text.startsWith('$"') ? 2 : 1, -1);
      const dynamic = node.namedChildren.some((c) => c !== null && c.type !== 'string_content');
      return { value: inner.replace(/\\([$`"\\\n])/g, '$1'), glob: false, dynamic };
    }
    case 'concatenation': {
      const parts = node.namedChildren.filter((c): c is SyntaxNode => c !== null).map(readArg);
      return {
        value: parts.map((p) => p.value).join(''),
        glob: parts.some((p) => p.glob),
        dynamic: parts.some((p) => p.dynamic),
      };
    }
    case 'number':
      return { value: node.text, glob: false, dynamic: false };
    default:
      // $VAR, ${…}, $( … ), <( … ), arithmetic: the value is decided at run time.
      return { value: node.text, glob: false, dynamic: true };
  }
};

/** Short flags may be bundled (-rf, -fdx): true when any bundle holds the letter. */
export const hasShort = (args: readonly Arg[], letter: string): boolean =>
  args.some((a) => /^-[^-]/.test(a.value) && a.value.slice(1).includes(letter));

export const hasLong = (args: readonly Arg[], ...names: string[]): boolean =>
  args.some((a) => names.some((n) => a.value === n || a.value.startsWith(`${n}=`)));

export const hasArg = (args: readonly Arg[], ...values: string[]): boolean => args.some((a) => values.includes(a.value));

/** Operands: the arguments that are not options. */
export const operands = (args: readonly Arg[]): Arg[] => args.filter((a) => !a.value.startsWith('-'));

const GIT_VALUE_OPTIONS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path']);

/**
 * git's subcommand and its arguments, past global options such as `-C dir` or `-c k=v`. `configured`
 * tells that the line sets configuration (-c, --config-env), which can make any subcommand run a
 * program (core.fsmonitor, core.pager, diff.external…).
 */
export const gitSubcommand = (args: readonly Arg[]): { sub: string; rest: readonly Arg[]; configured: boolean } => {
  let i = 0;
  let configured = false;
  while (i < args.length && (args[i]?.value ?? '').startsWith('-')) {
    const a = args[i]?.value ?? '';
    // -c and --config-env set configuration; --exec-path picks where git finds its own programs.
    if (a === '-c' || a.startsWith('--config-env') || a.startsWith('--exec-path')) configured = true;
    i += GIT_VALUE_OPTIONS.has(a) ? 2 : 1;
  }
  return { sub: args[i]?.value ?? '', rest: args.slice(i + 1), configured };
};

/** `/usr/bin/rm` and `./rm` run an rm too: the rules judge a command by its file name. */
export const programName = (name: string): string => name.slice(name.lastIndexOf('/') + 1);

/** Paths that swallow or show output: writing to them changes nothing on disk. */
export const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);
