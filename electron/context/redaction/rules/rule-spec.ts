// SPDX-License-Identifier: MIT
import type { SecretCheck } from './checks';

/**
 * One built-in detector, as data (after gitleaks' rule list and secretlint's rule packages):
 *
 * - `pattern` finds where a secret is. The part replaced is the first named group `s…` that took
 *   part in the match (`s`, `s1`, `s2`: one per quoting style), so `PASSWORD=` stays readable and
 *   only the value goes; without such a group, the whole match. Every repetition before the secret
 *   is bounded: built-ins run on V8's backtracking engine, and an unbounded prefix would make a
 *   5 MB base64 line quadratic (`rules-linear.test.ts` holds every rule to that).
 * - `keywords` (lower case): the rule only runs on text containing one of them, which keeps the
 *   costlier keyword-driven patterns off ordinary output.
 * - `check` decides whether what the pattern captured is a secret or a placeholder, a reference or
 *   a dummy.
 */
export interface RuleSpec {
  /** Unique, for tests and diagnostics, e.g. `gitlab-runner-token`. */
  readonly id: string;
  /** The placeholder label and the counting key, e.g. `gitlab-token` → `[REDACTED:gitlab-token]`. */
  readonly kind: string;
  readonly pattern: string;
  readonly caseInsensitive?: boolean;
  /** For patterns that anchor on line starts (`^` per line). */
  readonly multiline?: boolean;
  readonly keywords?: readonly string[];
  readonly check?: SecretCheck;
}

/** A rule ready to run: built-in (V8 RegExp) or the user's (RE2, see user-pattern.ts), behind one interface. */
export interface CompiledRule {
  readonly kind: string;
  readonly keywords?: readonly string[];
  readonly check?: SecretCheck;
  /** The `[start, end)` spans to replace, left to right; `null` for a match whose secret group did not take part. */
  spans(text: string): Iterable<readonly [number, number] | null>;
}

export const SECRET_GROUPS = ['s', 's1', 's2'] as const;

/** The span to replace: the first `s…` group that took part in the match, or the whole match. */
const secretSpan = (match: RegExpExecArray): readonly [number, number] | null => {
  const groups = match.indices?.groups;
  if (groups) {
    for (const name of SECRET_GROUPS) {
      const span = groups[name];
      if (span) return span;
    }
    if ('s' in groups) return null;
  }
  return [match.index, match.index + match[0].length];
};

function* regExpSpans(pattern: RegExp, text: string): Iterable<readonly [number, number] | null> {
  const regex = new RegExp(pattern);
  regex.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = regex.exec(text)) !== null) {
    if (match[0].length === 0) {
      regex.lastIndex++;
      continue;
    }
    yield secretSpan(match);
  }
}

export const compileSpec = (spec: RuleSpec): CompiledRule => {
  const regex = new RegExp(spec.pattern, `gd${spec.caseInsensitive ? 'i' : ''}${spec.multiline ? 'm' : ''}`);
  return {
    kind: spec.kind,
    ...(spec.keywords ? { keywords: spec.keywords } : {}),
    ...(spec.check ? { check: spec.check } : {}),
    spans: (text) => regExpSpans(regex, text),
  };
};
