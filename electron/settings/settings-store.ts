// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { DEFAULT_PROVIDER } from '../../shared/settings/assistant-schema';
import { DEFAULT_SETTINGS, SECTION_NAMES, Settings, type SectionName } from '../../shared/settings/registry';
import type { EnvironmentProvider } from './environment';
import { SETTINGS_KEY, type KeyValueStore } from '../../shared/settings/key-value-store';

const MODEL_CACHE_KEY = 'settings.model-cache';

export type { SectionName };
export type SavedSections = Partial<Settings>;

/**
 * Only the sections the user saved are stored; the rest keep following the defaults (and the
 * CONTEXTERM_* provider), so a saved terminal font does not freeze the provider list.
 */
export const loadSavedSections = async (kv: KeyValueStore): Promise<{ saved: SavedSections; problems: string[] }> => {
  const raw = await kv.get(SETTINGS_KEY);
  if (raw === undefined) return { saved: {}, problems: [] };
  let data: { sections?: Record<string, unknown> };
  try {
    data = JSON.parse(raw) as typeof data;
  } catch {
    return { saved: {}, problems: ['The saved settings could not be read; defaults are in use.'] };
  }
  const saved: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of SECTION_NAMES) {
    const value = data.sections?.[name];
    if (value === undefined) continue;
    // A section written by a newer or older build that no longer validates falls back alone.
    const parsed = Settings.shape[name].safeParse(value);
    if (parsed.success) saved[name] = parsed.data;
    else problems.push(`Saved ${name} settings are invalid (${parsed.error.issues[0]?.message ?? 'unknown'}); defaults are in use.`);
  }
  return { saved: saved as SavedSections, problems };
};

export const saveSections = (kv: KeyValueStore, saved: SavedSections): Promise<void> =>
  kv.set(SETTINGS_KEY, JSON.stringify({ version: 1, sections: saved }));

/** Saved sections over defaults; before the providers were ever saved, the environment's comes first. */
export const composeSettings = (saved: SavedSections, environment: EnvironmentProvider | undefined): Settings => {
  const providers = saved.providers ?? (environment ? [environment.provider, DEFAULT_PROVIDER] : DEFAULT_SETTINGS.providers);
  const fallbackDefault = saved.providers === undefined && environment ? environment.provider.id : (providers[0]?.id ?? null);
  const wanted = saved.defaultProviderId === undefined ? fallbackDefault : saved.defaultProviderId;
  const settings: Record<string, unknown> = {};
  for (const name of SECTION_NAMES) settings[name] = saved[name] ?? DEFAULT_SETTINGS[name];
  return {
    ...(settings as Settings),
    providers,
    defaultProviderId: wanted !== null && providers.some((p) => p.id === wanted) ? wanted : (providers[0]?.id ?? null),
  };
};

const CachedModels = z.object({
  kind: z.string(),
  baseUrl: z.string(),
  models: z.array(z.string()),
  fetchedAt: z.number(),
});
export type CachedModels = z.infer<typeof CachedModels>;

const ModelCache = z.record(z.string(), CachedModels);
export type ModelCache = z.infer<typeof ModelCache>;

export const loadModelCache = async (kv: KeyValueStore): Promise<ModelCache> => {
  const raw = await kv.get(MODEL_CACHE_KEY);
  if (raw === undefined) return {};
  try {
    const parsed = ModelCache.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

export const saveModelCache = (kv: KeyValueStore, cache: ModelCache): Promise<void> => kv.set(MODEL_CACHE_KEY, JSON.stringify(cache));
