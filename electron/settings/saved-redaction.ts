// SPDX-License-Identifier: MIT
import type { RedactionSettings } from '../../shared/ipc/context';

/*
 * The user's saved redaction settings (Settings → Redaction), read without the settings registry.
 * The registry builds every section's zod schema when it is imported, and zod's import alone takes
 * about as long as starting Node: too much for `contexterm history search`, which needs this one
 * section. The checks below are the registry's for the section (assistant-entries.ts, `redaction`
 * and `RedactionPattern`): saved-redaction.test.ts holds them to the same answers, so a change to
 * the schema that is not made here fails there.
 */

const DEFAULT_REDACTION: RedactionSettings = { enabled: true, userPatterns: [] };
const PATTERN_KIND = /^[a-z0-9][a-z0-9-]{0,39}$/;
const MAX_PATTERN_CHARS = 500;
const MAX_PATTERNS = 100;

type Fields = Record<string, unknown>;

/** A plain JSON object with no key beyond `keys`: zod's strictObject. */
const strictObject = (value: unknown, keys: readonly string[]): Fields | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).every((key) => keys.includes(key))
    ? (value as Fields)
    : undefined;

const userPattern = (value: unknown): RedactionSettings['userPatterns'][number] | undefined => {
  const fields = strictObject(value, ['kind', 'pattern', 'caseInsensitive']);
  if (!fields) return undefined;
  const { kind, pattern, caseInsensitive = false } = fields;
  if (typeof kind !== 'string' || !PATTERN_KIND.test(kind)) return undefined;
  if (typeof pattern !== 'string' || pattern.length < 1 || pattern.length > MAX_PATTERN_CHARS) return undefined;
  if (typeof caseInsensitive !== 'boolean') return undefined;
  return { kind, pattern, caseInsensitive };
};

const redactionSection = (value: unknown): RedactionSettings | undefined => {
  const fields = strictObject(value, ['enabled', 'userPatterns']);
  if (!fields) return undefined;
  const { enabled = DEFAULT_REDACTION.enabled, userPatterns = DEFAULT_REDACTION.userPatterns } = fields;
  if (typeof enabled !== 'boolean' || !Array.isArray(userPatterns) || userPatterns.length > MAX_PATTERNS) return undefined;
  const patterns = userPatterns.map(userPattern);
  if (patterns.some((pattern) => pattern === undefined)) return undefined;
  return { enabled, userPatterns: patterns as RedactionSettings['userPatterns'] };
};

/**
 * The redaction section of the saved settings (the `settings` row's JSON), or the defaults when
 * nothing was saved, the JSON cannot be read or the section does not validate, as the app's
 * settings loader falls back (settings-store.ts).
 */
export const savedRedaction = (raw: string | undefined): RedactionSettings => {
  if (raw === undefined) return DEFAULT_REDACTION;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return DEFAULT_REDACTION;
  }
  const sections = typeof data === 'object' && data !== null ? (data as { sections?: unknown }).sections : undefined;
  const section = typeof sections === 'object' && sections !== null ? (sections as Fields)['redaction'] : undefined;
  return (section === undefined ? undefined : redactionSection(section)) ?? DEFAULT_REDACTION;
};
