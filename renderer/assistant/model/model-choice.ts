// SPDX-License-Identifier: MIT
import { DEFAULT_WARNING_THRESHOLD } from '../../../shared/domain/model-limits';
import type { ModelRef } from '../../../shared/ipc/assistant';
import type { ProviderView } from '../../../shared/ipc/settings';
import { useSettings } from '../../state/settings';
import { useAssistant } from '../store/assistant-store';
import { pickModel } from './model-options';

/** The model the next question goes to: the user's pick, else the settings' default. */
export const currentModel = (): ModelRef | undefined => pickModel(useSettings.getState().view, useAssistant.getState().chosenModel);

export const useCurrentModel = (): ModelRef | undefined => {
  const view = useSettings((state) => state.view);
  const chosen = useAssistant((state) => state.chosenModel);
  return pickModel(view, chosen);
};

export const providerOf = (providerId: string | undefined): ProviderView | undefined =>
  providerId ? useSettings.getState().view?.providers.find((p) => p.id === providerId) : undefined;

/** A name for previews when no model is configured: the engine still needs one to count tokens. */
export const PREVIEW_FALLBACK_MODEL = 'unconfigured';

/** The selected model's limits: the user's saved entry wins over the engine's shipped default. */
export const modelLimits = (model: string | undefined) => {
  const saved = model ? useSettings.getState().view?.models.find((m) => m.model === model) : undefined;
  const config = useAssistant.getState().modelConfig;
  const engine = config?.model === model ? config : undefined;
  return {
    warningThreshold: saved?.warningThreshold ?? engine?.warningThreshold ?? DEFAULT_WARNING_THRESHOLD,
    compactionMode: saved?.compactionMode ?? engine?.compactionMode ?? 'summarize',
  };
};

/** modelLimits, re-read when the settings or the engine's model config change. */
export const useModelLimits = (model: string | undefined) => {
  useSettings((state) => state.view);
  useAssistant((state) => state.modelConfig);
  return modelLimits(model);
};
