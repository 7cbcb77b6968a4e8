// SPDX-License-Identifier: MIT
import { createAnthropicProvider } from './anthropic-provider';
import { createOpenAIProvider } from './openai-provider';
import type { ChatProvider, ProviderKind, ProviderTimeouts } from './types';
// One list of default endpoints, the settings registry's (Ollama's OpenAI-compatible endpoint first).
import { DEFAULT_BASE_URLS } from '../../shared/settings/assistant-schema';

interface ProviderConfig {
  readonly kind: ProviderKind;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  /** How the provider is named in error messages ("OpenAI", "Ollama (localhost)"). */
  readonly label?: string;
  readonly timeouts?: Partial<ProviderTimeouts>;
}

export type ProviderFactory = (config: ProviderConfig) => ChatProvider;

/** One client per configured endpoint; the key goes only to that endpoint's origin. */
export const createProvider: ProviderFactory = (config) => {
  const baseUrl = config.baseUrl || DEFAULT_BASE_URLS[config.kind];
  const common = {
    baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(config.label ? { label: config.label } : {}),
    ...(config.timeouts ? { timeouts: config.timeouts } : {}),
  };
  return config.kind === 'anthropic' ? createAnthropicProvider(common) : createOpenAIProvider({ ...common, kind: config.kind });
};
