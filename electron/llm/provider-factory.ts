// SPDX-License-Identifier: MIT
import { createAnthropicProvider } from './anthropic-provider';
import { createOpenAIProvider } from './openai-provider';
import type { ChatProvider, ProviderKind, ProviderTimeouts } from './types';

export const DEFAULT_BASE_URLS: Readonly<Record<ProviderKind, string>> = {
  // Ollama's OpenAI-compatible endpoint: the zero-key way to get started.
  'openai-compatible': 'http://127.0.0.1:11434/v1',
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

export interface ProviderConfig {
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
