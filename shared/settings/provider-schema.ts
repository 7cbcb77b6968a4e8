// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { wholeNumber } from './fields';

export const ProviderId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lowercase letters, digits and dashes');

export const ProviderKind = z.enum(['openai-compatible', 'openai', 'anthropic']);
export type ProviderKind = z.infer<typeof ProviderKind>;

/** Credentials in a URL would end up in logs and error messages; keys go through set-key instead. */
export const BaseUrl = z
  .url({ protocol: /^https?$/, error: 'an http:// or https:// URL' })
  .max(2048)
  .refine((url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url), 'no user name or password in the URL (use the key field)')
  .refine((url) => !/[?#]/.test(url), 'no query string or fragment');

export const ProviderSettings = z.strictObject({
  id: ProviderId,
  kind: ProviderKind,
  label: z.string().trim().min(1).max(80),
  baseUrl: BaseUrl,
  /** Empty when none was picked yet. */
  defaultModel: z.string().max(200),
  /** Time allowed until the response starts (connect, queueing, model load). */
  timeoutSeconds: wholeNumber(5, 600, 'seconds'),
});
export type ProviderSettings = z.infer<typeof ProviderSettings>;

/** Where each kind of provider answers unless the user gives another base URL. */
export const DEFAULT_BASE_URLS: Readonly<Record<ProviderKind, string>> = {
  // Ollama's OpenAI-compatible endpoint: the zero-key way to get started.
  'openai-compatible': 'http://127.0.0.1:11434/v1',
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

export const DEFAULT_TIMEOUT_SECONDS = 60;

/** Works with no key and no account: `ollama serve` and a pulled model are all it needs. */
export const DEFAULT_PROVIDER: ProviderSettings = {
  id: 'ollama',
  kind: 'openai-compatible',
  label: 'Ollama (local)',
  baseUrl: DEFAULT_BASE_URLS['openai-compatible'],
  defaultModel: '',
  timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
};
