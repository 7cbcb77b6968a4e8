// SPDX-License-Identifier: MIT
import type { ModelSettings, SettingsView } from '../../shared/ipc/settings';
import { useSettings } from '../state/settings';
import { api } from '../transport/api';
import { parseFieldErrorLines, patchOf, type FieldErrors, type SettingsDraft } from './settings-form';

export type SaveOutcome =
  | { readonly kind: 'saved'; readonly view: SettingsView; readonly warnings: readonly string[] }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'invalid'; readonly errors: FieldErrors }
  | { readonly kind: 'failed'; readonly message: string };

const same = (a: ModelSettings | undefined, b: ModelSettings | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Validates the draft, saves it with `settings:set` (nothing is sent while any field is bad), and
 * hands changed per-model limits to the context engine too, so the meter follows the new limits
 * even if the engine keeps its own copy of model configs.
 */
export const saveSettings = async (draft: SettingsDraft, saved: SettingsView): Promise<SaveOutcome> => {
  const checked = patchOf(draft, saved);
  if (!checked.ok) return { kind: 'invalid', errors: checked.errors };
  if (checked.changed.length === 0) return { kind: 'unchanged' };
  const result = await api.invoke('settings:set', checked.patch);
  if (!result.ok) {
    if (result.error.code === 'invalid-payload') {
      const errors = parseFieldErrorLines(result.error.message);
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
    }
    return { kind: 'failed', message: result.error.message };
  }
  const warnings: string[] = [];
  if (checked.patch.models) {
    const next = result.value.models;
    for (const model of next) {
      if (same(model, saved.models.find((m) => m.model === model.model))) continue;
      const set = await api.invoke('context:set-model-config', model);
      if (!set.ok) warnings.push(`${model.model}: ${set.error.message}`);
    }
    for (const model of saved.models) {
      if (next.some((m) => m.model === model.model)) continue;
      const reset = await api.invoke('context:reset-model-config', { model: model.model });
      if (!reset.ok) warnings.push(`${model.model}: ${reset.error.message}`);
    }
  }
  useSettings.getState().setView(result.value);
  return { kind: 'saved', view: result.value, warnings };
};
