// SPDX-License-Identifier: MIT
import { useState } from 'react';
import { useSettings } from '../../state/settings';
import { invoke } from '../../transport/invoke';
import { refreshContext } from '../context/context-actions';
import { useCurrentModel } from '../model/model-choice';
import { modelKey, modelOptions } from '../model/model-options';
import { useAssistant } from '../store/assistant-store';

/** Providers × models from the settings; the choice is remembered per window. ⟳ re-lists models. */
export const ModelPicker = () => {
  const view = useSettings((state) => state.view);
  const current = useCurrentModel();
  const [refreshing, setRefreshing] = useState(false);
  const options = modelOptions(view);
  const currentKey = current ? modelKey(current) : '';
  // A remembered model the provider no longer lists stays selectable rather than silently switching.
  const shown =
    current && !options.some((o) => modelKey(o) === currentKey)
      ? [
          ...options,
          {
            providerId: current.providerId,
            providerLabel: view?.providers.find((p) => p.id === current.providerId)?.label ?? current.providerId,
            model: current.model,
          },
        ]
      : options;
  const providers = [...new Set(shown.map((o) => o.providerId))];

  const refresh = async () => {
    if (!view) return;
    setRefreshing(true);
    await Promise.all(view.providers.map((p) => invoke('models:list', { providerId: p.id, refresh: true })));
    const next = await invoke('settings:get', {});
    if (next.ok) useSettings.getState().setView(next.value);
    setRefreshing(false);
  };

  return (
    <span className="model-picker">
      <select
        aria-label="Model"
        data-testid="model-select"
        value={currentKey}
        disabled={shown.length === 0}
        onChange={(event) => {
          const option = shown.find((o) => modelKey(o) === event.target.value);
          if (!option) return;
          useAssistant.getState().chooseModel({ providerId: option.providerId, model: option.model });
          void refreshContext();
        }}
      >
        {shown.length === 0 && <option value="">No model configured</option>}
        {providers.map((id) => {
          const group = shown.filter((o) => o.providerId === id);
          return (
            <optgroup key={id} label={group[0]!.providerLabel}>
              {group.map((o) => (
                <option key={modelKey(o)} value={modelKey(o)}>
                  {o.model}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
      <button
        className="icon-button"
        aria-label="Refresh the model lists"
        title="Refresh the model lists"
        disabled={refreshing}
        onClick={() => void refresh()}
      >
        ⟳
      </button>
    </span>
  );
};
