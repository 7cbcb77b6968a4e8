// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { ProviderView, SettingsView } from '../../../shared/ipc/settings';
import { modelOptions, pickModel } from './model-options';

const provider = (id: string, defaultModel: string, models: string[]): ProviderView => ({
  id,
  kind: 'openai-compatible',
  label: id,
  baseUrl: 'http://127.0.0.1:11434/v1',
  defaultModel,
  timeoutSeconds: 60,
  hasKey: false,
  keySource: null,
  models,
  modelsFetchedAt: null,
});

describe('model picker', () => {
  const view = {
    providers: [provider('ollama', '', ['llama3.2']), provider('environment', 'scripted', ['scripted', 'other'])],
    defaultProviderId: 'environment',
  } as unknown as SettingsView;

  it('lists providers × models without repeats', () => {
    expect(modelOptions(view).map((o) => `${o.providerId}/${o.model}`)).toEqual([
      'ollama/llama3.2',
      'environment/scripted',
      'environment/other',
    ]);
  });

  it('keeps a remembered choice while its provider exists, else uses the default', () => {
    expect(pickModel(view, { providerId: 'ollama', model: 'llama3.2' })).toEqual({ providerId: 'ollama', model: 'llama3.2' });
    expect(pickModel(view, { providerId: 'gone', model: 'x' })).toEqual({ providerId: 'environment', model: 'scripted' });
    expect(pickModel({ ...view, providers: [provider('ollama', '', [])] } as SettingsView, undefined)).toBeUndefined();
  });
});
