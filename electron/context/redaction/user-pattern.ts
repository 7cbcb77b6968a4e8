// SPDX-License-Identifier: MIT
import { createRequire } from 'node:module';
import type * as Re2 from 're2js';
import type { RE2JS } from 're2js';
import type { RedactionPattern } from '../../../shared/ipc/context';
import { DomainError } from '../../../shared/ipc/define';
import { moduleUrl } from '../../runtime/paths';
import { SECRET_GROUPS, type CompiledRule, type Span } from './rules/rule-spec';

/**
 * User patterns run on RE2 (re2js, a pure-JS port): matching time is linear in the input whatever
 * the pattern, so `(a|a)+$` cannot freeze the app the way it freezes a backtracking engine. The
 * price is RE2's syntax: no lookaround and no backreferences, which we say in plain words.
 */

let re2: typeof Re2 | undefined;

/**
 * re2js is loaded by the first user pattern, not with the app: most setups have none, and loading
 * it cost the server ~2 MB (tests/bench/server-footprint.ts). `require`, because patterns are
 * compiled synchronously as they are saved.
 */
const loadRe2 = (): typeof Re2 => (re2 ??= createRequire(moduleUrl())('re2js') as typeof Re2);

/** RE2 programs this big still run in linear time, but slowly (≈150 ms per 100 KB at the limit on a laptop). */
const MAX_PROGRAM_SIZE = 2000;

/** A rejected pattern is the caller's mistake: the router answers it as `invalid-request`. */
export class RedactionPatternError extends DomainError {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super('invalid-request', `Redaction pattern "${kind}": ${message}`);
    this.name = 'RedactionPatternError';
  }
}

const UNSUPPORTED: ReadonlyArray<[RegExp, string]> = [
  [
    /\(\?<?[=!]/,
    'lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) are not supported: patterns run on a linear-time engine (RE2); match the surrounding text instead and put the secret in a group named s, e.g. key=(?<s>\\w+)',
  ],
  [/\\[1-9]|\\k</, 'backreferences (\\1, \\k<name>) are not supported: patterns run on a linear-time engine (RE2)'],
  [/[*+?}]\+/, 'possessive quantifiers (a++, a*+) are not supported and not needed: matching is always linear'],
  [/\\u[0-9a-fA-F]{4}/, 'write Unicode escapes as \\x{00e9} instead of \\u00e9'],
];

/** Why RE2 refused a pattern, in words a settings form can show. */
const explain = (pattern: string, error: unknown): string => {
  for (const [shape, message] of UNSUPPORTED) if (shape.test(pattern)) return `not supported: ${message}`;
  const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
  return `not a valid regular expression: ${detail}`;
};

/** Compiles with the flags the redactor uses, or throws `RedactionPatternError` saying why not. */
export const compileLinearPattern = (pattern: RedactionPattern): RE2JS => {
  const { RE2JS: Engine, RE2JSException } = loadRe2();
  let re: RE2JS;
  try {
    re = Engine.compile(pattern.pattern, pattern.caseInsensitive ? Engine.CASE_INSENSITIVE : 0);
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    throw new RedactionPatternError(pattern.kind, explain(pattern.pattern, error));
  }
  // A pattern that can match nothing would redact nothing useful and split everything in between.
  for (const probe of ['', 'a', ' ', '\n', '0']) {
    const m = re.matcher(probe);
    if (m.find() && m.end() === m.start()) {
      throw new RedactionPatternError(
        pattern.kind,
        'matches the empty string, so it would redact nothing useful and everything in between',
      );
    }
  }
  if (re.programSize() > MAX_PROGRAM_SIZE) {
    throw new RedactionPatternError(
      pattern.kind,
      `too complex: compiles to ${re.programSize()} steps (at most ${MAX_PROGRAM_SIZE}); use smaller repeat counts such as {20,64} instead of {1,1000}`,
    );
  }
  return re;
};

function* re2Spans(re: RE2JS, groups: readonly string[], text: string): Iterable<Span | null> {
  const m = re.matcher(text);
  while (m.find()) {
    if (m.end() === m.start()) continue;
    if (groups.length === 0) {
      yield [m.start(), m.end(), m.start()];
      continue;
    }
    const name = groups.find((g) => m.start(g) >= 0);
    yield name === undefined ? null : [m.start(name), m.end(name), m.start()];
  }
}

/** User patterns are checked once, when saved, so a typo cannot disable redaction at send time. */
export const compileUserPattern = (pattern: RedactionPattern): CompiledRule => {
  const re = compileLinearPattern(pattern);
  const named = re.namedGroups();
  const groups = SECRET_GROUPS.filter((g) => g in named);
  return { kind: pattern.kind, spans: (text) => re2Spans(re, groups, text) };
};
