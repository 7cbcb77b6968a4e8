// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings/registry';
import { SETTINGS_KEY } from '../../shared/settings/key-value-store';
import { loadSavedSections } from './settings-store';
import { savedRedaction } from './saved-redaction';

/** What the app's own settings loader (zod, the registry) makes of the same saved row. */
const appReading = async (raw: string | undefined) => {
  const { saved } = await loadSavedSections({ get: async (key) => (key === SETTINGS_KEY ? raw : undefined), set: async () => undefined });
  return saved.redaction ?? DEFAULT_SETTINGS.redaction;
};

const pattern = (fields: Record<string, unknown>) => ({ kind: 'build-word', pattern: 'built', ...fields });
const saved = (redaction: unknown) => JSON.stringify({ version: 1, sections: { terminal: { fontSize: 13 }, redaction } });

const SECTIONS: readonly unknown[] = [
  { enabled: true, userPatterns: [] },
  { enabled: false, userPatterns: [pattern({})] },
  { enabled: false },
  { userPatterns: [pattern({ caseInsensitive: true })] },
  {},
  { enabled: 'yes' },
  { enabled: true, userPatterns: [], extra: 1 },
  { enabled: true, userPatterns: 'built' },
  { enabled: true, userPatterns: Array.from({ length: 100 }, () => pattern({})) },
  { enabled: true, userPatterns: Array.from({ length: 101 }, () => pattern({})) },
  { userPatterns: [pattern({ kind: 'Build' })] },
  { userPatterns: [pattern({ kind: '-build' })] },
  { userPatterns: [pattern({ kind: 'a'.repeat(40) })] },
  { userPatterns: [pattern({ kind: 'a'.repeat(41) })] },
  { userPatterns: [pattern({ kind: 'build\nword' })] },
  { userPatterns: [pattern({ pattern: '' })] },
  { userPatterns: [pattern({ pattern: 'x'.repeat(500) })] },
  { userPatterns: [pattern({ pattern: 'x'.repeat(501) })] },
  { userPatterns: [pattern({ pattern: 7 })] },
  { userPatterns: [pattern({ caseInsensitive: 'true' })] },
  { userPatterns: [pattern({ flags: 'i' })] },
  { userPatterns: [pattern({}), null] },
  { userPatterns: [['build-word', 'built']] },
  [],
  'on',
  null,
];

describe('the saved redaction settings, read without zod', () => {
  it("gives what the app's settings loader gives for every saved section, valid or not", async () => {
    for (const section of SECTIONS) {
      const raw = saved(section);
      expect(savedRedaction(raw), raw.slice(0, 120)).toEqual(await appReading(raw));
    }
  });

  it('falls back to the defaults as the app does: nothing saved, unreadable JSON, no redaction section', async () => {
    for (const raw of [
      undefined,
      '{',
      '[]',
      '7',
      JSON.stringify({ version: 1 }),
      JSON.stringify({ version: 1, sections: {} }),
      JSON.stringify({ sections: [] }),
    ]) {
      expect(savedRedaction(raw), String(raw)).toEqual(await appReading(raw));
    }
    expect(savedRedaction(undefined)).toEqual({ enabled: true, userPatterns: [] });
  });
});
