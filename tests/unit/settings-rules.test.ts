// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../shared/ipc/settings';
import { DEFAULT_SETTINGS } from '../../shared/settings/registry';
import { applySettingsPatch } from '../../electron/settings/validate';
import { draftOf, patchOf, type SettingsDraft } from '../../renderer/settings/form/settings-form';

/*
 * The rules between fields run in both processes: the main process on `settings:set`, the renderer
 * on the draft before anything is sent. Each broken rule must read the same, at the same path.
 */
const view: SettingsView = {
  ...DEFAULT_SETTINGS,
  providers: DEFAULT_SETTINGS.providers.map((p) => ({ ...p, hasKey: false, keySource: null, models: [], modelsFetchedAt: null })),
  keyStorage: { backend: 'file', secure: false },
  environmentProviderId: null,
};

const MODEL = {
  model: 'small',
  contextLimit: 1000,
  warningThreshold: 0.8,
  compactionMode: 'truncate-oldest' as const,
  reservedOutputTokens: 800,
};

const mainErrors = (patch: unknown): Record<string, string> => {
  const result = applySettingsPatch(DEFAULT_SETTINGS, patch);
  return result.ok ? {} : Object.fromEntries(result.fieldErrors.map((e) => [e.path, e.message]));
};

const rendererErrors = (edit: (draft: SettingsDraft) => SettingsDraft): Record<string, string> => {
  const result = patchOf(edit(draftOf(view)), view);
  return result.ok ? {} : { ...result.errors };
};

describe('cross-field rules in main and the renderer', () => {
  it('refuse an answer reserve at or above the assembled limit with the same message', () => {
    const main = mainErrors({ models: [MODEL] });
    const renderer = rendererErrors((d) => ({
      ...d,
      models: [
        { ...MODEL, contextLimit: '1000', noLimit: false, warningThreshold: '0.8', reservedOutputTokens: '800', autoCompact: undefined },
      ],
    }));
    expect(main).toEqual({ 'models.0.reservedOutputTokens': 'must be below 800 (80 % of the limit, where requests are assembled to)' });
    expect(renderer).toEqual(main);
  });

  it('refuse a default provider that is not in the list with the same message', () => {
    const main = mainErrors({ providers: [], defaultProviderId: 'ollama' });
    const renderer = rendererErrors((d) => ({ ...d, providers: [], defaultProviderId: 'ollama' }));
    expect(main).toEqual({ defaultProviderId: 'there is no provider "ollama"' });
    expect(renderer).toEqual(main);
  });

  it('both let a reserve just below the limit through', () => {
    expect(mainErrors({ models: [{ ...MODEL, reservedOutputTokens: 799 }] })).toEqual({});
    const result = patchOf(
      {
        ...draftOf(view),
        models: [
          { ...MODEL, contextLimit: '1000', noLimit: false, warningThreshold: '0.8', reservedOutputTokens: '799', autoCompact: undefined },
        ],
      },
      view,
    );
    expect(result.ok && result.changed).toEqual(['models']);
  });
});
