// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';
import type {
  FieldError,
  ModelList,
  ModelSettings,
  ProviderSettings,
  Settings,
  SettingsView,
  TestProviderResult,
} from '../../shared/ipc/settings';
import { EnvironmentKeyOverlay, type KeyStore } from '../llm/key-store';
import { originOf } from '../llm/pinned-fetch';
import { createProvider, type ProviderFactory } from '../llm/provider-factory';
import type { ChatProvider } from '../llm/types';
import { readEnvironmentProvider, type EnvironmentProvider } from './environment';
import type { KeyValueStore } from '../../shared/settings/key-value-store';
import { ModelCatalog } from './model-catalog';
import { composeSettings, loadSavedSections, saveSections, type SavedSections } from './settings-store';
import { applySettingsPatch } from './validate';

export interface SettingsServiceOptions {
  readonly kv: KeyValueStore;
  /** The persistent store (safeStorage or 0600 file); the CONTEXTERM_API_KEY overlay is added here. */
  readonly keys: KeyStore;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly createProvider?: ProviderFactory;
  readonly patternBudgetMs?: number;
  readonly now?: () => number;
}

class SettingsError extends DomainError {
  constructor(code: 'not-found' | 'failed' | 'invalid-request', message: string) {
    super(code, message);
    this.name = 'SettingsError';
  }
}

export type UpdateResult = { readonly ok: true; readonly view: SettingsView } | { readonly ok: false; readonly fieldErrors: FieldError[] };

export interface ResolvedProvider {
  readonly provider: ChatProvider;
  readonly settings: ProviderSettings;
  /** The requested model, else the provider's default; null when neither is set. */
  readonly model: string | null;
}

/**
 * The settings model: defaults, validation, persistence, keys and provider construction. Keys are
 * write-only from outside (setKey/deleteKey); `view()` says whether one exists, never what it is.
 */
export class SettingsService {
  private _saved: SavedSections;
  private _settings: Settings;
  private _queue: Promise<unknown> = Promise.resolve();
  private readonly _listeners = new Set<(settings: Settings) => void>();
  readonly models: ModelCatalog;

  private constructor(
    private readonly _options: SettingsServiceOptions,
    private readonly _keys: EnvironmentKeyOverlay,
    private readonly _environment: EnvironmentProvider | undefined,
    saved: SavedSections,
    readonly problems: readonly string[],
  ) {
    this._saved = saved;
    this._settings = composeSettings(saved, _environment);
    this.models = new ModelCatalog(_options.kv, (settings) => this._providerFor(settings), _options.now ?? Date.now);
  }

  static async open(options: SettingsServiceOptions): Promise<SettingsService> {
    const environment = readEnvironmentProvider(options.env ?? {});
    const { saved, problems } = await loadSavedSections(options.kv);
    const envKeys = new Map<string, string>();
    if (environment.provider?.apiKey) envKeys.set(environment.provider.provider.id, environment.provider.apiKey);
    const keys = new EnvironmentKeyOverlay(options.keys, envKeys);
    const service = new SettingsService(options, keys, environment.provider, saved, [...environment.problems, ...problems]);
    await service.models.load();
    return service;
  }

  get current(): Settings {
    return this._settings;
  }

  onChange(listener: (settings: Settings) => void): () => void {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }

  async view(): Promise<SettingsView> {
    const providers = await Promise.all(
      this._settings.providers.map(async (provider) => {
        const source = await this._keys.sourceOf(provider.id);
        const cached = this.models.cached(provider);
        return {
          ...provider,
          hasKey: source !== null,
          keySource: source,
          models: cached?.models ?? [],
          modelsFetchedAt: cached?.fetchedAt ?? null,
        };
      }),
    );
    return {
      ...this._settings,
      providers,
      keyStorage: this._keys.describe(),
      environmentProviderId: this._environment?.provider.id ?? null,
    };
  }

  /** Validates and saves; on any field error nothing is saved. */
  update(input: unknown): Promise<UpdateResult> {
    return this._serial(async () => {
      const result = applySettingsPatch(this._settings, input, this._options.patternBudgetMs);
      if (!result.ok) return result;
      const before = this._settings.providers;
      const saved = { ...this._saved, ...result.patch };
      await saveSections(this._options.kv, saved);
      this._saved = saved;
      this._settings = result.settings;
      // A key goes only to the origin it was entered for: a provider that moved loses it.
      for (const old of before) {
        const now = this._settings.providers.find((p) => p.id === old.id);
        if (!now || originOf(now.baseUrl) !== originOf(old.baseUrl)) await this._keys.delete(old.id);
      }
      for (const listener of this._listeners) listener(this._settings);
      return { ok: true, view: await this.view() };
    });
  }

  setKey(providerId: string, key: string): Promise<void> {
    return this._serial(async () => {
      this._provider(providerId);
      await this._keys.set(providerId, key.trim());
    });
  }

  deleteKey(providerId: string): Promise<void> {
    return this._serial(async () => {
      this._provider(providerId);
      await this._keys.delete(providerId);
    });
  }

  hasKey(providerId: string): Promise<boolean> {
    return this._keys.get(providerId).then((key) => key !== undefined);
  }

  /**
   * Tests a saved provider, or unsaved edits of it. Edits that move it to another origin are
   * tested without the key, which stays bound to the saved origin.
   */
  testProvider(providerId: string, edits?: ProviderSettings, model?: string): Promise<TestProviderResult> {
    const settings = edits ? { ...edits, id: providerId } : this._provider(providerId);
    return this.models.test(settings, model);
  }

  listModels(providerId: string, refresh = false): Promise<ModelList> {
    return this.models.list(this._provider(providerId), refresh);
  }

  /** A ready client for a saved provider (the default one when no id is given). */
  async resolve(ref: { providerId?: string; model?: string } = {}): Promise<ResolvedProvider> {
    const id = ref.providerId ?? this._settings.defaultProviderId;
    if (id === null || id === undefined) throw new SettingsError('not-found', 'No model provider is configured.');
    const settings = this._provider(id);
    const model = ref.model || settings.defaultModel || null;
    return { provider: await this._providerFor(settings), settings, model };
  }

  modelSettings(model: string): ModelSettings | undefined {
    return this._settings.models.find((m) => m.model === model);
  }

  /** Builds a client; the stored key is attached only when `settings` still points at the saved origin. */
  private async _providerFor(settings: ProviderSettings): Promise<ChatProvider> {
    const saved = this._settings.providers.find((p) => p.id === settings.id);
    const sameOrigin = saved !== undefined && originOf(saved.baseUrl) === originOf(settings.baseUrl);
    const apiKey = sameOrigin ? await this._keys.get(settings.id) : undefined;
    const timeoutMs = settings.timeoutSeconds * 1000;
    return (this._options.createProvider ?? createProvider)({
      kind: settings.kind,
      baseUrl: settings.baseUrl,
      label: settings.label,
      timeouts: { connectTimeoutMs: timeoutMs, idleTimeoutMs: Math.max(timeoutMs, 120_000) },
      ...(apiKey ? { apiKey } : {}),
    });
  }

  private _provider(id: string): ProviderSettings {
    const found = this._settings.providers.find((p) => p.id === id);
    if (!found) throw new SettingsError('not-found', `There is no provider "${id}".`);
    return found;
  }

  private _serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this._queue.then(task, task);
    this._queue = next.catch(() => undefined);
    return next;
  }
}
