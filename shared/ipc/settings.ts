// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { ProviderSettings } from '../settings/assistant-schema';
import { Settings, SettingsPatch } from '../settings/registry';
import { LlmErrorInfo, ProviderId } from './assistant';
import { event, invoke } from './define';

/*
 * The settings contract. Every setting is defined once in shared/settings (the registry); the
 * schemas here are derived from it and re-exported under the names the rest of the code uses.
 */

export { autoCompactOn, BaseUrl, ModelSettings, ProviderKind, ProviderSettings } from '../settings/assistant-schema';
export { CustomScheme, MAX_CUSTOM_SCHEMES, SchemeColors } from '../settings/scheme-schema';
export { ExitBehaviour } from '../settings/terminal-entries';
export { Settings, SettingsPatch, TerminalSettings } from '../settings/registry';
export { fieldErrorsOf, formatFieldErrors, type FieldError } from '../settings/fields';

/** A provider as the renderer sees it: whether a key exists, never the key. */
export const ProviderView = ProviderSettings.extend({
  hasKey: z.boolean(),
  keySource: z.enum(['stored', 'environment']).nullable(),
  models: z.array(z.string()),
  modelsFetchedAt: z.number().nullable(),
});
export type ProviderView = z.infer<typeof ProviderView>;

export const SettingsView = Settings.extend({
  providers: z.array(ProviderView),
  keyStorage: z.object({ backend: z.string(), secure: z.boolean() }),
  /** The provider that came from CONTEXTERM_* variables, if any. */
  environmentProviderId: z.string().nullable(),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const TestProviderResult = z.object({
  ok: z.boolean(),
  method: z.enum(['list-models', 'completion']),
  models: z.array(z.string()),
  latencyMs: z.number().int().min(0),
  error: LlmErrorInfo.nullable(),
});
export type TestProviderResult = z.infer<typeof TestProviderResult>;

export const ModelList = z.object({
  providerId: z.string(),
  models: z.array(z.string()),
  fetchedAt: z.number().nullable(),
  /** Set when the refresh failed; `models` then holds the cached list. */
  error: LlmErrorInfo.nullable(),
});
export type ModelList = z.infer<typeof ModelList>;

export const settingsChannels = {
  'settings:get': invoke(z.strictObject({}), SettingsView),
  /** Bad values answer `invalid-payload` with one `path: message` line per field; nothing is saved. */
  'settings:set': invoke(SettingsPatch, SettingsView),
  /** Tests a saved provider, or unsaved edits of it (`provider`), by listing models or a 1-token request. */
  'settings:test-provider': invoke(
    z.strictObject({ providerId: ProviderId, provider: ProviderSettings.optional(), model: z.string().min(1).max(200).optional() }),
    TestProviderResult,
  ),
  /** Write-only: no channel ever returns a key. */
  'settings:set-key': invoke(
    z.strictObject({
      providerId: ProviderId,
      key: z
        .string()
        .trim()
        .min(1)
        .max(4096)
        .regex(/^[\x21-\x7e]+$/, 'printable characters only'),
    }),
    z.object({ hasKey: z.boolean() }),
  ),
  'settings:delete-key': invoke(z.strictObject({ providerId: ProviderId }), z.object({ hasKey: z.boolean() })),
  'models:list': invoke(z.strictObject({ providerId: ProviderId, refresh: z.boolean().optional() }), ModelList),
  /** Sent to every window after a save, so settings apply live everywhere. */
  'settings:changed': event(SettingsView),
} as const;
