// SPDX-License-Identifier: MIT
import type { Context } from '../domain/llm-context';
import { estimateTokensRaw } from './token-estimate';
import { countChunked, encodingForModel, loadTokenizer, type EncodingName, type ExactTokenizer } from './tokenizer';

/** Chat framing per message (`<|im_start|>role … <|im_end|>`) and the reply primer, as OpenAI counts them. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
export const REQUEST_OVERHEAD_TOKENS = 3;

export interface CalibrationEntry {
  readonly factor: number;
  readonly samples: number;
}

/**
 * Per-model correction of the estimate, learned from real counts: provider-reported prompt tokens
 * for models without a local tokenizer, exact counts for those with one. A moving average with a
 * clamp, so one odd response (a cached prompt, a provider that omits usage) cannot swing it far.
 */
export class TokenCalibration {
  private readonly _factors = new Map<string, CalibrationEntry>();

  factor(model: string): number {
    return this._factors.get(model)?.factor ?? 1;
  }

  samples(model: string): number {
    return this._factors.get(model)?.samples ?? 0;
  }

  observe(model: string, estimated: number, actual: number): void {
    if (!(estimated > 50 && actual > 0)) return;
    const ratio = Math.min(2, Math.max(0.5, actual / estimated));
    const current = this._factors.get(model);
    const factor = current ? current.factor * 0.7 + ratio * 0.3 : ratio;
    this._factors.set(model, { factor, samples: (current?.samples ?? 0) + 1 });
  }

  /** A factor learned before a restart (see calibration-persistence.ts), kept within the clamp. */
  restore(model: string, entry: CalibrationEntry): void {
    if (!Number.isFinite(entry.factor) || !Number.isInteger(entry.samples) || entry.samples < 1) return;
    this._factors.set(model, { factor: Math.min(2, Math.max(0.5, entry.factor)), samples: entry.samples });
  }
}

export interface TokenCounter {
  readonly model: string;
  /** The encoding used for exact counts, or `estimate`. */
  readonly tokenizer: EncodingName | 'estimate';
  readonly exact: boolean;
  /** Fast: the calibrated estimate. Used while choosing what goes in. */
  count(text: string): number;
  /** The real tokenizer where the family has one (lazily loaded, sliced); the estimate otherwise. */
  countExact(text: string, signal?: AbortSignal): Promise<number>;
  /** Synchronous exact count once the tokenizer has loaded (after any countExact); null before that. */
  exactSync(text: string): number | null;
  /** Teaches the estimate from a real count of text it estimated at `estimated` (calibrated) tokens. */
  learn(estimated: number, actual: number): void;
  /** The factor estimates are multiplied by, and how many real counts taught it. */
  calibration(): CalibrationEntry;
}

/**
 * Exact counts of recent texts. Consecutive questions send mostly the same blocks (the terminal's
 * last commands, the conversation), and tokenizing them again is most of a request's build time.
 */
class CountCache {
  private readonly _counts = new Map<string, number>();
  private _chars = 0;

  constructor(private readonly _maxChars = 4_000_000) {}

  get(text: string): number | undefined {
    const hit = this._counts.get(text);
    if (hit !== undefined) {
      this._counts.delete(text);
      this._counts.set(text, hit);
    }
    return hit;
  }

  set(text: string, count: number): void {
    if (text.length < 64 || text.length > this._maxChars / 16 || this._counts.has(text)) return;
    this._counts.set(text, count);
    this._chars += text.length;
    for (const oldest of this._counts.keys()) {
      if (this._chars <= this._maxChars) break;
      this._counts.delete(oldest);
      this._chars -= oldest.length;
    }
  }
}

export const createTokenCounter = (model: string, calibration = new TokenCalibration()): TokenCounter => {
  const encoding = encodingForModel(model);
  const estimate = (text: string) => (text === '' ? 0 : Math.ceil(estimateTokensRaw(text) * calibration.factor(model)));
  const cache = new CountCache();
  let loaded: ExactTokenizer | null = null;
  return {
    model,
    tokenizer: encoding ?? 'estimate',
    exact: encoding !== null,
    count: estimate,
    exactSync: (text) => (loaded ? loaded.count(text) : null),
    async countExact(text, signal) {
      if (encoding === null || text === '') return estimate(text);
      const cached = cache.get(text);
      if (cached !== undefined) return cached;
      loaded ??= await loadTokenizer(encoding);
      const exact = await countChunked(loaded, text, undefined, signal);
      cache.set(text, exact);
      return exact;
    },
    learn: (estimated, actual) => calibration.observe(model, estimated / calibration.factor(model), actual),
    calibration: () => ({ factor: calibration.factor(model), samples: calibration.samples(model) }),
  };
};

/** Counters per model sharing one calibration table. */
export class TokenCounters {
  private readonly _counters = new Map<string, TokenCounter>();
  private readonly _listeners = new Set<(model: string) => void>();

  constructor(readonly calibration = new TokenCalibration()) {}

  for(model: string): TokenCounter {
    let counter = this._counters.get(model);
    if (!counter) {
      counter = createTokenCounter(model, this.calibration);
      this._counters.set(model, counter);
    }
    return counter;
  }

  /** Feed the prompt tokens a provider reported for a request whose estimate was `estimated`. */
  observeUsage(model: string, estimated: number, reportedPromptTokens: number): void {
    if (encodingForModel(model) !== null) return;
    this.for(model).learn(estimated, reportedPromptTokens);
    for (const listener of this._listeners) listener(model);
  }

  /** Hears of every factor learned from a provider's report: those must outlive a restart. */
  onProviderCalibration(listener: (model: string) => void): () => void {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }
}

/** The texts a request consists of, so both counting paths price exactly the same things. */
const requestParts = (context: Context): string[] => [
  context.systemPrompt,
  ...context.history.map((entry) => entry.content),
  context.currentMessage,
  ...(context.tools.length > 0 ? [JSON.stringify(context.tools)] : []),
];

const framing = (context: Context): number =>
  REQUEST_OVERHEAD_TOKENS + MESSAGE_OVERHEAD_TOKENS * ((context.systemPrompt !== '' ? 1 : 0) + context.history.length + 1);

export const countRequestTokens = (context: Context, count: (text: string) => number): number =>
  framing(context) + requestParts(context).reduce((sum, part) => sum + count(part), 0);

export const countRequestTokensExact = async (context: Context, counter: TokenCounter, signal?: AbortSignal): Promise<number> => {
  let total = framing(context);
  for (const part of requestParts(context)) total += await counter.countExact(part, signal);
  return total;
};
