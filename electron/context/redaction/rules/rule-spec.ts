// SPDX-License-Identifier: MIT
import type { SecretCheck } from './checks';

/**
 * One built-in detector, as data (after gitleaks' rule list and secretlint's rule packages):
 *
 * - `pattern` finds where a secret is. The part replaced is the first named group `s…` that took
 *   part in the match (`s`, `s1`, … `s4`: one per quoting style), so `PASSWORD=` stays readable and
 *   only the value goes; without such a group, the whole match. Every repetition before the secret
 *   is bounded: built-ins run on V8's backtracking engine, and an unbounded prefix would make a
 *   5 MB base64 line quadratic (`rules-linear.test.ts` holds every rule to that).
 * - `keywords` (lower case): the rule only runs on text containing one of them, which keeps the
 *   costlier keyword-driven patterns off ordinary output.
 * - `check` decides whether what the pattern captured is a secret or a placeholder, a reference or
 *   a dummy.
 * - `within` confines the rule to blocks (a `data:` section of a Kubernetes Secret, a `Cookie:`
 *   header): the block pattern finds them, `pattern` then runs inside each. Some values are secret
 *   only for where they stand, and a single pattern reaching back to that context would have to
 *   rescan it from every value.
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
  /** Block pattern, same flags, no `s` group. Blocks never overlap and each is searched once: a linear block pattern keeps the rule linear. */
  readonly within?: string;
}

/** `[start, end)` of the secret, and where the whole match starts (a `within` block is searched from there). */
export type Span = readonly [start: number, end: number, matchStart: number];

/** A rule ready to run: built-in (V8 RegExp) or the user's (RE2, see user-pattern.ts), behind one interface. */
export interface CompiledRule {
  readonly kind: string;
  readonly keywords?: readonly string[];
  readonly check?: SecretCheck;
  /** The spans to replace, left to right; `null` for a match whose secret group did not take part. */
  spans(text: string): Iterable<Span | null>;
}

export const SECRET_GROUPS = ['s', 's1', 's2', 's3', 's4'] as const;

/** The span to replace: the first `s…` group that took part in the match, or the whole match. */
const secretSpan = (match: RegExpExecArray, offset: number): Span | null => {
  const groups = match.indices?.groups;
  if (groups) {
    for (const name of SECRET_GROUPS) {
      const span = groups[name];
      if (span) return [span[0] + offset, span[1] + offset, match.index + offset];
    }
    if ('s' in groups) return null;
  }
  return [match.index + offset, match.index + offset + match[0].length, match.index + offset];
};

/** Matches of `pattern` in `text`, as secret spans shifted by `offset`. */
function* regExpSpans(pattern: RegExp, text: string, offset = 0): Iterable<Span | null> {
  const regex = new RegExp(pattern);
  regex.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = regex.exec(text)) !== null) {
    if (match[0].length === 0) {
      regex.lastIndex++;
      continue;
    }
    yield secretSpan(match, offset);
  }
}

/** The rule's matches inside each block; each block is searched once, so the cost stays linear. */
function* withinSpans(block: RegExp, pattern: RegExp, text: string): Iterable<Span | null> {
  for (const span of regExpSpans(block, text)) if (span) yield* regExpSpans(pattern, text.slice(span[2], span[1]), span[2]);
}

export const compileSpec = (spec: RuleSpec): CompiledRule => {
  const flags = `gd${spec.caseInsensitive ? 'i' : ''}${spec.multiline ? 'm' : ''}`;
  const regex = new RegExp(spec.pattern, flags);
  const block = spec.within === undefined ? undefined : new RegExp(spec.within, flags);
  return {
    kind: spec.kind,
    ...(spec.keywords ? { keywords: spec.keywords } : {}),
    ...(spec.check ? { check: spec.check } : {}),
    spans: block ? (text) => withinSpans(block, regex, text) : (text) => regExpSpans(regex, text),
  };
};
