// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { Settings } from '../../shared/ipc/settings';
import { DEFAULT_PROVIDER, DEFAULT_SETTINGS } from './defaults';
import type { EnvironmentProvider } from './environment';
import type { KeyValueStore } from './key-value-store';

export const SETTINGS_KEY = 'settings';
export const MODEL_CACHE_KEY = 'settings.model-cache';

export type SectionName = keyof Settings;
export type SavedSections = Partial<Settings>;

const SECTION_NAMES = Object.keys(Settings.shape) as SectionName[];

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
  const providers =
    saved.providers ?? (environment ? [environment.provider, DEFAULT_PROVIDER] : DEFAULT_SETTINGS.providers);
  const fallbackDefault = saved.providers === undefined && environment ? environment.provider.id : (providers[0]?.id ?? null);
  const wanted = saved.defaultProviderId === undefined ? fallbackDefault : saved.defaultProviderId;
  return {
    providers,
    defaultProviderId: wanted !== null && providers.some((p) => p.id === wanted) ? wanted : (providers[0]?.id ?? null),
    models: saved.models ?? DEFAULT_SETTINGS.models,
    relevance: saved.relevance ?? DEFAULT_SETTINGS.relevance,
    redaction: saved.redaction ?? DEFAULT_SETTINGS.redaction,
    terminal: saved.terminal ?? DEFAULT_SETTINGS.terminal,
    history: saved.history ?? DEFAULT_SETTINGS.history,
    profiles: saved.profiles ?? DEFAULT_SETTINGS.profiles,
    notifications: saved.notifications ?? DEFAULT_SETTINGS.notifications,
    keybindings: saved.keybindings ?? DEFAULT_SETTINGS.keybindings,
    ssh: saved.ssh ?? DEFAULT_SETTINGS.ssh,
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

export const saveModelCache = (kv: KeyValueStore, cache: ModelCache): Promise<void> =>
  kv.set(MODEL_CACHE_KEY, JSON.stringify(cache));
