// SPDX-License-Identifier: MIT
import type { CompactionMode, ModelContextConfig } from './model-config';

/*
 * Model-window facts shared by the engine (electron/context) and the settings form (renderer): one
 * source so the form's "reserve must fit below 80 %" check can never drift from what the engine
 * assembles to. Pure TS with type-only imports, so both bundles can take it.
 */

/** Requests are assembled to 80 % of the window: estimates err, providers add hidden framing. */
export const SAFETY_MARGIN = 0.8;

/** The context bar turns amber at 80 % of the effective limit unless the user set another share. */
export const DEFAULT_WARNING_THRESHOLD = 0.8;

export const effectiveLimit = (contextLimit: number): number => Math.floor(contextLimit * SAFETY_MARGIN);

/** Room for the answer: a tenth of the window, at least 256 and at most 8192 tokens. */
export const defaultReservedOutput = (contextLimit: number): number =>
  contextLimit <= 0 ? 4096 : Math.min(8192, Math.max(256, Math.floor(contextLimit * 0.1)));

/** Small windows cannot afford a summary round trip eating a quarter of them; they truncate. */
const defaultCompactionMode = (contextLimit: number): CompactionMode =>
  contextLimit > 0 && contextLimit <= 8192 ? 'truncate-oldest' : 'summarize';

interface KnownModel {
  readonly model: string;
  readonly pattern: RegExp;
  readonly contextLimit: number;
}

/**
 * Published context windows of common models, matched by name prefix (first match wins, so longer
 * prefixes come first). These are editable defaults: a provider may serve a model with a smaller
 * window (Ollama defaults to far less than the model supports), and the user's value always wins.
 */
export const KNOWN_MODELS: readonly KnownModel[] = [
  { model: 'gpt-4.1', pattern: /^gpt-4\.1/, contextLimit: 1_047_576 },
  { model: 'gpt-5', pattern: /^gpt-5/, contextLimit: 400_000 },
  { model: 'gpt-4o', pattern: /^(gpt-4o|chatgpt-4o)/, contextLimit: 128_000 },
  { model: 'gpt-4-turbo', pattern: /^gpt-4-(turbo|1106|0125)/, contextLimit: 128_000 },
  { model: 'gpt-4-32k', pattern: /^gpt-4-32k/, contextLimit: 32_768 },
  { model: 'gpt-4', pattern: /^gpt-4($|-0613|-0314)/, contextLimit: 8_192 },
  { model: 'gpt-3.5-turbo', pattern: /^gpt-3\.5-turbo/, contextLimit: 16_385 },
  { model: 'o1-mini', pattern: /^o1-mini/, contextLimit: 128_000 },
  { model: 'o3', pattern: /^(o1|o3|o4)(-|$)/, contextLimit: 200_000 },
  { model: 'gpt-oss', pattern: /^gpt-oss/, contextLimit: 131_072 },
  { model: 'claude', pattern: /^claude/, contextLimit: 200_000 },
  { model: 'gemini-1.5-pro', pattern: /^gemini-1\.5-pro/, contextLimit: 2_097_152 },
  { model: 'gemini', pattern: /^gemini/, contextLimit: 1_048_576 },
  { model: 'llama3.1', pattern: /^llama-?3\.[123]/, contextLimit: 131_072 },
  { model: 'llama3', pattern: /^llama-?3/, contextLimit: 8_192 },
  { model: 'qwen2.5', pattern: /^qwen/, contextLimit: 32_768 },
  { model: 'mistral-large', pattern: /^(mistral-large|mistral-medium|mistral-small)/, contextLimit: 131_072 },
  { model: 'mistral', pattern: /^(mistral|mixtral)/, contextLimit: 32_768 },
  { model: 'deepseek', pattern: /^deepseek/, contextLimit: 65_536 },
  { model: 'gemma3', pattern: /^gemma3/, contextLimit: 131_072 },
  { model: 'gemma', pattern: /^gemma/, contextLimit: 8_192 },
  { model: 'phi3', pattern: /^phi-?3/, contextLimit: 4_096 },
  { model: 'codellama', pattern: /^codellama/, contextLimit: 16_384 },
  { model: 'command-r', pattern: /^command-r/, contextLimit: 131_072 },
];

/** `openai/gpt-4o`, `models/gemini-2.0-flash`, `GPT-4o` → the bare lowercase name. */
export const normalizeModelName = (model: string): string => model.trim().toLowerCase().replace(/^.*\//, '');

export const knownContextLimit = (model: string): number | null => {
  const name = normalizeModelName(model);
  return KNOWN_MODELS.find((known) => known.pattern.test(name))?.contextLimit ?? null;
};

/** The shipped default for a model, or null when the model is unknown ("no limit"). */
export const defaultModelConfig = (model: string): ModelContextConfig | null => {
  const contextLimit = knownContextLimit(model);
  if (contextLimit === null) return null;
  return {
    model,
    contextLimit,
    compactionMode: defaultCompactionMode(contextLimit),
    warningThreshold: DEFAULT_WARNING_THRESHOLD,
    reservedOutputTokens: defaultReservedOutput(contextLimit),
  };
};

/** What an unknown model gets until the user configures it (limit 0 = no limit). */
export const unlimitedModelConfig = (model: string): ModelContextConfig => ({
  model,
  contextLimit: 0,
  compactionMode: 'summarize',
  warningThreshold: DEFAULT_WARNING_THRESHOLD,
  reservedOutputTokens: defaultReservedOutput(0),
});
