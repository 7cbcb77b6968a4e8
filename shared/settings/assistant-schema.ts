// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { CompactionMode } from '../domain/model-config';
import { share, wholeNumber } from './fields';

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

/** Field names match the context engine's ModelContextConfig, so one can feed the other. */
export const ModelSettings = z.strictObject({
  model: z.string().min(1).max(200),
  /** 0 means "no limit known". */
  contextLimit: wholeNumber(0, 100_000_000, 'tokens', {
    expected: 'enter the model\u2019s context window as a whole number of tokens (e.g. 128000), or choose \u201cNo limit\u201d',
    tooSmall: 'a limit cannot be negative: enter the model\u2019s context window in tokens (e.g. 128000), or choose \u201cNo limit\u201d',
    tooBig: 'at most 100,000,000 tokens',
  }),
  warningThreshold: share(0.05, 1, 'e.g. 0.8 warns at 80 % of the limit'),
  compactionMode: CompactionMode,
  /** Must stay below the limit requests are assembled to: a cross-field rule (rules.ts). */
  reservedOutputTokens: wholeNumber(0, 10_000_000, 'tokens'),
  /**
   * Compact before a question whose request would leave history out. Absent means the default:
   * on for models under 16K tokens (where every turn counts), off above.
   */
  autoCompact: z.boolean().optional(),
});
export type ModelSettings = z.infer<typeof ModelSettings>;

/** Below this window, auto-compaction is on unless the user turned it off. */
const AUTO_COMPACT_BELOW_TOKENS = 16_000;

export const autoCompactOn = (m: Pick<ModelSettings, 'contextLimit' | 'autoCompact'> | undefined): boolean =>
  m?.autoCompact ?? (m !== undefined && m.contextLimit > 0 && m.contextLimit < AUTO_COMPACT_BELOW_TOKENS);
