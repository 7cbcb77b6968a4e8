// SPDX-License-Identifier: MIT
import type { ModelRef } from '../../../shared/ipc/assistant';
import type { SettingsView } from '../../../shared/ipc/settings';

export interface ModelOption {
  readonly providerId: string;
  readonly providerLabel: string;
  readonly model: string;
}

/** Provider ids never contain "/", so this is unambiguous (model names may: `openai/gpt-4o`). */
export const modelKey = (ref: ModelRef): string => `${ref.providerId}/${ref.model}`;

/** Providers × models: each provider's default model first, then the models it listed, no repeats. */
export const modelOptions = (view: SettingsView | undefined): ModelOption[] =>
  (view?.providers ?? []).flatMap((provider) =>
    [...new Set([provider.defaultModel, ...provider.models].filter((m) => m.trim() !== ''))].map((model) => ({
      providerId: provider.id,
      providerLabel: provider.label,
      model,
    })),
  );

/**
 * The model to use: the remembered choice while its provider still exists, else the default
 * provider's default model, else the first one known. Undefined means "no model configured".
 */
export const pickModel = (view: SettingsView | undefined, remembered: ModelRef | undefined): ModelRef | undefined => {
  if (!view) return undefined;
  if (remembered && view.providers.some((p) => p.id === remembered.providerId)) return remembered;
  const preferred = view.providers.find((p) => p.id === view.defaultProviderId);
  if (preferred?.defaultModel) return { providerId: preferred.id, model: preferred.defaultModel };
  const first = modelOptions(view)[0];
  return first ? { providerId: first.providerId, model: first.model } : undefined;
};
