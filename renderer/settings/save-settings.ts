// SPDX-License-Identifier: MIT
import type { SettingsView } from '../../shared/ipc/settings';
import { useSettings } from '../state/settings';
import { invoke } from '../transport/invoke';
import { parseFieldErrorLines, patchOf, type FieldErrors, type SettingsDraft } from './form/settings-form';

export type SaveOutcome =
  | { readonly kind: 'saved'; readonly view: SettingsView; readonly warnings: readonly string[] }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'invalid'; readonly errors: FieldErrors }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Validates the draft and saves it with `settings:set`; nothing is sent while any field is bad.
 * Per-model limits live in the settings, which the context engine reads, so one save covers both.
 */
export const saveSettings = async (draft: SettingsDraft, saved: SettingsView): Promise<SaveOutcome> => {
  const checked = patchOf(draft, saved);
  if (!checked.ok) return { kind: 'invalid', errors: checked.errors };
  if (checked.changed.length === 0) return { kind: 'unchanged' };
  const result = await invoke('settings:set', checked.patch);
  if (!result.ok) {
    if (result.error.code === 'invalid-payload') {
      const errors = parseFieldErrorLines(result.error.message);
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
    }
    return { kind: 'failed', message: result.error.message };
  }
  useSettings.getState().setView(result.value);
  return { kind: 'saved', view: result.value, warnings: [] };
};
