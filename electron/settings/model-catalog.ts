// SPDX-License-Identifier: MIT
import type { ModelList, ProviderSettings, TestProviderResult } from '../../shared/ipc/settings';
import { LlmError } from '../llm/errors';
import type { ChatProvider } from '../llm/types';
import type { KeyValueStore } from '../../shared/settings/key-value-store';
import { loadModelCache, saveModelCache, type CachedModels, type ModelCache } from './settings-store';

const asLlmError = (error: unknown): LlmError =>
  error instanceof LlmError ? error : new LlmError('bad-response', error instanceof Error ? error.message : String(error));

/** Endpoints without a usable GET /models answer these; a 1-token request can still prove the setup works. */
const NO_MODEL_LIST = new Set(['model-not-found', 'invalid-request']);

/**
 * Model lists per provider, cached in the settings store so the picker fills instantly after a
 * restart. A cache entry is only valid for the kind and base URL it was fetched from.
 */
export class ModelCatalog {
  private _cache: ModelCache = {};
  private _writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly _kv: KeyValueStore,
    private readonly _providerFor: (settings: ProviderSettings) => Promise<ChatProvider>,
    private readonly _now: () => number,
  ) {}

  async load(): Promise<void> {
    this._cache = await loadModelCache(this._kv);
  }

  cached(provider: ProviderSettings): CachedModels | undefined {
    const entry = this._cache[provider.id];
    return entry && entry.kind === provider.kind && entry.baseUrl === provider.baseUrl ? entry : undefined;
  }

  /** The cached list unless `refresh`; a failed refresh still returns the cached list, with the error. */
  async list(provider: ProviderSettings, refresh = false, signal?: AbortSignal): Promise<ModelList> {
    const cached = this.cached(provider);
    if (cached && !refresh) return { providerId: provider.id, models: cached.models, fetchedAt: cached.fetchedAt, error: null };
    try {
      const models = (await (await this._providerFor(provider)).listModels(signal)).map((m) => m.id);
      const entry = await this._remember(provider, models);
      return { providerId: provider.id, models, fetchedAt: entry.fetchedAt, error: null };
    } catch (error) {
      return {
        providerId: provider.id,
        models: cached?.models ?? [],
        fetchedAt: cached?.fetchedAt ?? null,
        error: asLlmError(error).toInfo(),
      };
    }
  }

  /** "Test connection": list the models, or where that is not offered, ask the model for one token. */
  async test(provider: ProviderSettings, model?: string): Promise<TestProviderResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const client = await this._providerFor(provider);
    try {
      const models = (await client.listModels()).map((m) => m.id);
      await this._remember(provider, models);
      return { ok: true, method: 'list-models', models, latencyMs: elapsed(), error: null };
    } catch (error) {
      const failure = asLlmError(error);
      const fallbackModel = model || provider.defaultModel;
      if (!NO_MODEL_LIST.has(failure.kind) || !fallbackModel) {
        return { ok: false, method: 'list-models', models: [], latencyMs: elapsed(), error: failure.toInfo() };
      }
      try {
        const stream = client.stream({ model: fallbackModel, messages: [{ role: 'user', content: 'Reply with OK.' }], maxOutputTokens: 1 });
        for await (const event of stream) if (event.type === 'done') break;
        return { ok: true, method: 'completion', models: [], latencyMs: elapsed(), error: null };
      } catch (second) {
        return { ok: false, method: 'completion', models: [], latencyMs: elapsed(), error: asLlmError(second).toInfo() };
      }
    }
  }

  private async _remember(provider: ProviderSettings, models: string[]): Promise<CachedModels> {
    const entry: CachedModels = { kind: provider.kind, baseUrl: provider.baseUrl, models, fetchedAt: this._now() };
    this._cache = { ...this._cache, [provider.id]: entry };
    const snapshot = this._cache;
    this._writes = this._writes.then(() => saveModelCache(this._kv, snapshot)).catch(() => undefined);
    await this._writes;
    return entry;
  }
}
