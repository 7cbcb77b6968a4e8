// SPDX-License-Identifier: MIT
import type { RedactionCounts, RedactionSettings } from '../../../shared/ipc/context';
import { BUILTIN_RULES } from './builtin-rules';
import type { CompiledRule } from './rules/rule-spec';
import { compileUserPattern } from './user-pattern';

export const placeholder = (kind: string): string => `[REDACTED:${kind}]`;

export interface Redacted {
  readonly text: string;
  readonly counts: RedactionCounts;
}

export const DEFAULT_REDACTION_SETTINGS: RedactionSettings = { enabled: true, userPatterns: [] };

/** True when `at` falls inside an earlier rule's `[REDACTED:kind]` (a URL rule must not split one). */
const insidePlaceholder = (text: string, at: number): boolean => {
  const before = text.slice(Math.max(0, at - 48), at);
  const open = before.lastIndexOf('[REDACTED:');
  return open >= 0 && !before.includes(']', open);
};

/** What precedes a secret on its line (at most 200 characters): the name a check may judge it by. */
const lineBefore = (text: string, at: number): string => {
  const from = Math.max(0, at - 200);
  return text.slice(from + text.slice(from, at).lastIndexOf('\n') + 1, at);
};

/**
 * Keywords are looked up in the original text, lower-cased once: replacing a secret only removes
 * text, and what it adds (placeholders) no rule may match, so a keyword absent there stays absent.
 */
const wanted = (rule: CompiledRule, lower: string): boolean => !rule.keywords || rule.keywords.some((k) => lower.includes(k));

const applyRule = (text: string, rule: CompiledRule, counts: Record<string, number>): string => {
  let out = '';
  let copied = 0;
  for (const span of rule.spans(text)) {
    if (!span || span[1] <= copied || span[0] < copied) continue;
    const secret = text.slice(span[0], span[1]);
    if (secret.includes('[REDACTED:') || insidePlaceholder(text, span[0])) continue;
    if (rule.check && !rule.check(secret, text.charAt(span[1]), lineBefore(text, span[0]))) continue;
    out += text.slice(copied, span[0]) + placeholder(rule.kind);
    copied = span[1];
    counts[rule.kind] = (counts[rule.kind] ?? 0) + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
};

/**
 * Replaces secrets with labelled placeholders before text leaves the machine. Applied to clean text
 * (ANSI already stripped) so colour codes cannot split a token past the patterns. Built-in rules run
 * first (specific formats before generic ones), then the user's, each over the previous result;
 * placeholders never match a later rule.
 */
export class Redactor {
  readonly settings: RedactionSettings;
  private readonly _userRules: readonly CompiledRule[];

  constructor(settings: RedactionSettings = DEFAULT_REDACTION_SETTINGS) {
    this.settings = settings;
    this._userRules = settings.userPatterns.map(compileUserPattern);
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  redact(text: string): Redacted {
    const counts: Record<string, number> = {};
    if (!this.settings.enabled || text === '') return { text, counts };
    const lower = text.toLowerCase();
    let out = text;
    for (const rule of BUILTIN_RULES) if (wanted(rule, lower)) out = applyRule(out, rule, counts);
    for (const rule of this._userRules) out = applyRule(out, rule, counts);
    return { text: out, counts };
  }
}

export const addCounts = (into: Record<string, number>, more: RedactionCounts): Record<string, number> => {
  for (const [kind, n] of Object.entries(more)) into[kind] = (into[kind] ?? 0) + n;
  return into;
};

export const totalRedactions = (counts: RedactionCounts): number => Object.values(counts).reduce((a, b) => a + b, 0);
