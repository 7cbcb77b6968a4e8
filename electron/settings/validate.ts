// SPDX-License-Identifier: MIT
import { crossFieldErrors } from '../../shared/settings/derive';
import { fieldErrorsOf, firstPerField, type FieldError } from '../../shared/settings/fields';
import type { Profile } from '../../shared/settings/profile-schema';
import { SETTINGS_REGISTRY, SettingsPatch, type Settings } from '../../shared/settings/registry';
import { profileProblems } from '../pty/profile-problems';
import { checkRedactionPattern, DEFAULT_PATTERN_BUDGET_MS } from '../context/redaction/regex-safety';
import type { SavedSections, SectionName } from './settings-store';

export type PatchResult =
  | { readonly ok: true; readonly settings: Settings; readonly patch: SavedSections }
  | { readonly ok: false; readonly fieldErrors: FieldError[] };

/** Each runaway pattern costs a full budget of main-thread time; past this many, stop checking. */
const MAX_SLOW_PATTERNS = 3;

const patternKey = (p: { pattern: string; caseInsensitive: boolean }): string => `${p.caseInsensitive ? 'i' : ''}/${p.pattern}`;

/** What decides whether a profile can start: a profile whose program was removed later still saves when untouched. */
const launchKey = (p: Profile): string => JSON.stringify([p.command, p.cwd, p.env.PATH ?? null]);

/**
 * Validates a `settings:set` payload against the schema, the cross-field rules (the renderer runs
 * the same ones on its draft, shared/settings/rules.ts), and (for patterns that are new or changed)
 * the regex safety check. Returns every field error at once, or the
 * complete next settings; it never saves anything itself.
 */
export const applySettingsPatch = (current: Settings, input: unknown, patternBudgetMs = DEFAULT_PATTERN_BUDGET_MS): PatchResult => {
  const parsed = SettingsPatch.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: firstPerField(fieldErrorsOf(parsed.error.issues)) };
  const patch: SavedSections = {};
  for (const [name, value] of Object.entries(parsed.data) as Array<[SectionName, unknown]>) {
    if (value !== undefined) (patch as Record<string, unknown>)[name] = value;
  }
  const next: Settings = { ...current, ...patch };
  // Only the sections being saved: a model saved by an older build with a reserve the rules now
  // refuse still loads, and does not stop the user from saving a terminal font.
  const errors: FieldError[] = crossFieldErrors(SETTINGS_REGISTRY, next, Object.keys(patch));

  if (patch.redaction) {
    const known = new Set(current.redaction.userPatterns.map(patternKey));
    let slow = 0;
    patch.redaction.userPatterns.forEach((pattern, index) => {
      if (known.has(patternKey(pattern))) return;
      const path = `redaction.userPatterns.${index}.pattern`;
      if (slow >= MAX_SLOW_PATTERNS) {
        errors.push({ path, message: 'not checked: fix the slow patterns above first' });
        return;
      }
      const problem = checkRedactionPattern(pattern, patternBudgetMs);
      if (problem?.startsWith('too slow')) slow++;
      if (problem) errors.push({ path, message: problem });
    });
  }

  if (patch.history) {
    // Same engine and checks as redaction patterns: linear time, no empty match (which would keep everything out).
    const known = new Set(current.history.excludePatterns);
    patch.history.excludePatterns.forEach((pattern, index) => {
      if (known.has(pattern)) return;
      const problem = checkRedactionPattern({ pattern }, patternBudgetMs);
      const message = problem?.startsWith('matches the empty string')
        ? 'matches the empty string, so it would keep every command out'
        : problem;
      if (message) errors.push({ path: `history.excludePatterns.${index}`, message });
    });
  }

  if (patch.profiles) {
    // Only new or changed ones: editing one profile must not fail on another whose program went away.
    const known = new Map(current.profiles.list.map((p) => [p.id, launchKey(p)]));
    patch.profiles.list.forEach((profile, index) => {
      if (known.get(profile.id) === launchKey(profile)) return;
      for (const problem of profileProblems(profile))
        errors.push({ path: `profiles.list.${index}.${problem.field}`, message: problem.message });
    });
  }

  return errors.length > 0 ? { ok: false, fieldErrors: errors } : { ok: true, settings: next, patch };
};
