// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { ModelSettings } from '../../shared/ipc/settings';
import { DEFAULT_SETTINGS } from '../../shared/settings/registry';
import { applySettingsPatch } from './validate';

const model: ModelSettings = {
  model: 'm',
  contextLimit: 8000,
  warningThreshold: 0.8,
  compactionMode: 'truncate-oldest',
  reservedOutputTokens: 800,
};
const errorsFor = (patch: Partial<ModelSettings>) => {
  const result = applySettingsPatch(DEFAULT_SETTINGS, { models: [{ ...model, ...patch }] });
  return result.ok ? [] : result.fieldErrors;
};
const SCHEMA_WORDING = /expected|Too (small|big)|received|Invalid input|>=|<=/;

describe('applySettingsPatch messages', () => {
  it.each([
    [{ contextLimit: -5 }, 'models.0.contextLimit', /cannot be negative.*No limit/],
    [{ contextLimit: 1.5 }, 'models.0.contextLimit', /whole number of tokens/],
    [{ contextLimit: -1.5 }, 'models.0.contextLimit', /whole number of tokens|cannot be negative/],
    [{ warningThreshold: 1.5 }, 'models.0.warningThreshold', /from 0.05 to 1/],
    [{ warningThreshold: 0 }, 'models.0.warningThreshold', /from 0.05 to 1/],
  ])('%j: one plain message on %s', (patch, path, message) => {
    const errors = errorsFor(patch);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe(path);
    expect(errors[0]!.message).toMatch(message);
    expect(errors[0]!.message).not.toMatch(SCHEMA_WORDING);
  });

  it('still stores "no limit" as 0', () => {
    expect(applySettingsPatch(DEFAULT_SETTINGS, { models: [{ ...model, contextLimit: 0 }] }).ok).toBe(true);
  });

  it('words the other number fields plainly too', () => {
    const result = applySettingsPatch(DEFAULT_SETTINGS, {
      terminal: { ...DEFAULT_SETTINGS.terminal, fontSize: 2.5 },
      relevance: { ...DEFAULT_SETTINGS.relevance, threshold: -1 },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.map((e) => e.path).sort()).toEqual(['relevance.threshold', 'terminal.fontSize']);
    for (const e of result.fieldErrors) expect(e.message).not.toMatch(SCHEMA_WORDING);
  });
});
