// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';
import type { RedactionCounts, RedactionPattern, RedactionSettings } from '../../shared/ipc/context';
import { BUILTIN_RULES, type RedactionRule } from './redaction-rules';

export const placeholder = (kind: string): string => `[REDACTED:${kind}]`;

export interface Redacted {
  readonly text: string;
  readonly counts: RedactionCounts;
}

export const DEFAULT_REDACTION_SETTINGS: RedactionSettings = { enabled: true, userPatterns: [] };

export class RedactionPatternError extends DomainError {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super('invalid-request', `Redaction pattern "${kind}": ${message}`);
    this.name = 'RedactionPatternError';
  }
}

/** User patterns are checked once, when saved, so a typo cannot disable redaction at send time. */
export const compileUserPattern = (pattern: RedactionPattern): RedactionRule => {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern.pattern, `gd${pattern.caseInsensitive ? 'i' : ''}`);
  } catch (error) {
    throw new RedactionPatternError(pattern.kind, (error as Error).message);
  }
  if (regex.test('')) throw new RedactionPatternError(pattern.kind, 'matches the empty string');
  return { kind: pattern.kind, pattern: regex };
};

/** The span to replace: the first `s…` group that took part in the match, or the whole match. */
const secretSpan = (match: RegExpExecArray): [number, number] | null => {
  const groups = match.indices?.groups;
  if (groups) {
    for (const name of ['s', 's1', 's2']) {
      const span = groups[name];
      if (span) return span;
    }
    if ('s' in groups) return null;
  }
  return [match.index, match.index + match[0].length];
};

/** True when `at` falls inside an earlier rule's `[REDACTED:kind]` (a URL rule must not split one). */
const insidePlaceholder = (text: string, at: number): boolean => {
  const before = text.slice(Math.max(0, at - 48), at);
  const open = before.lastIndexOf('[REDACTED:');
  return open >= 0 && !before.includes(']', open);
};

const applyRule = (text: string, rule: RedactionRule, counts: Record<string, number>): string => {
  const { pattern } = rule;
  if (rule.hint && !rule.hint.test(text)) return text;
  pattern.lastIndex = 0;
  let out = '';
  let copied = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    const span = secretSpan(match);
    if (!span || span[1] <= copied) continue;
    const secret = text.slice(span[0], span[1]);
    if (secret.includes('[REDACTED:') || insidePlaceholder(text, span[0])) continue;
    if (rule.accept && !rule.accept(secret)) continue;
    out += text.slice(copied, span[0]) + placeholder(rule.kind);
    copied = span[1];
    counts[rule.kind] = (counts[rule.kind] ?? 0) + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
};

/**
 * Replaces secrets with labelled placeholders before text leaves the machine. Applied to clean text
 * (ANSI already stripped) so colour codes cannot split a token past the patterns. Built-in rules run
 * first, then the user's, each over the previous result; placeholders never match a later rule.
 */
export class Redactor {
  readonly settings: RedactionSettings;
  private readonly _rules: readonly RedactionRule[];

  constructor(settings: RedactionSettings = DEFAULT_REDACTION_SETTINGS) {
    this.settings = settings;
    this._rules = [...BUILTIN_RULES, ...settings.userPatterns.map(compileUserPattern)];
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  redact(text: string): Redacted {
    const counts: Record<string, number> = {};
    if (!this.settings.enabled || text === '') return { text, counts };
    let out = text;
    for (const rule of this._rules) out = applyRule(out, rule, counts);
    return { text: out, counts };
  }
}

export const addCounts = (into: Record<string, number>, more: RedactionCounts): Record<string, number> => {
  for (const [kind, n] of Object.entries(more)) into[kind] = (into[kind] ?? 0) + n;
  return into;
};

export const totalRedactions = (counts: RedactionCounts): number => Object.values(counts).reduce((a, b) => a + b, 0);
