// SPDX-License-Identifier: MIT
import { DomainError } from '../../../shared/ipc/define';
import type { ModelContextConfig, ModelContextConfigInput, ModelContextConfigView } from '../../../shared/ipc/context';
import {
  defaultModelConfig,
  defaultReservedOutput,
  effectiveLimit,
  KNOWN_MODELS,
  unlimitedModelConfig,
} from '../../../shared/domain/model-limits';
import type { ModelConfigRepository } from './repositories';
import { reserveProblem } from '../../../shared/settings/rules';

class ModelConfigError extends DomainError {
  override readonly name = 'ModelConfigError';

  constructor(message: string) {
    super('invalid-request', message);
  }
}

const view = (config: ModelContextConfig, source: ModelContextConfigView['source']): ModelContextConfigView => ({
  ...config,
  source,
  effectiveLimit: config.contextLimit > 0 ? effectiveLimit(config.contextLimit) : null,
});

/**
 * Per-model configuration: the user's saved value, else the shipped default for a known model, else
 * "no limit" (unknown models are not limited until configured).
 */
export class ModelConfigService {
  constructor(private readonly _repo: ModelConfigRepository) {}

  async get(model: string): Promise<ModelContextConfigView> {
    const saved = await this._repo.get(model);
    if (saved) return view(saved, 'user');
    const known = defaultModelConfig(model);
    return known ? view(known, 'default') : view(unlimitedModelConfig(model), 'none');
  }

  async config(model: string): Promise<ModelContextConfig> {
    const { source: _source, effectiveLimit: _effective, ...config } = await this.get(model);
    return config;
  }

  async set(input: ModelContextConfigInput): Promise<ModelContextConfigView> {
    const current = await this.config(input.model);
    const contextLimit = input.contextLimit ?? current.contextLimit;
    const next: ModelContextConfig = {
      model: input.model,
      contextLimit,
      compactionMode: input.compactionMode ?? current.compactionMode,
      warningThreshold: input.warningThreshold ?? current.warningThreshold,
      // A new window gets a reserve sized for it unless the user chose one.
      reservedOutputTokens:
        input.reservedOutputTokens ??
        (contextLimit === current.contextLimit ? current.reservedOutputTokens : defaultReservedOutput(contextLimit)),
    };
    const problem = reserveProblem(next.contextLimit, next.reservedOutputTokens);
    if (problem) throw new ModelConfigError(`reserved output (${next.reservedOutputTokens}) ${problem}`);
    await this._repo.put(next);
    return view(next, 'user');
  }

  async reset(model: string): Promise<ModelContextConfigView> {
    await this._repo.delete(model);
    return this.get(model);
  }

  /** The user's configurations, then the shipped defaults they have not overridden. */
  async list(): Promise<ModelContextConfigView[]> {
    const saved = await this._repo.list();
    const names = new Set(saved.map((c) => c.model));
    const defaults = KNOWN_MODELS.filter((k) => !names.has(k.model)).map((k) => view(defaultModelConfig(k.model)!, 'default'));
    return [...saved.map((c) => view(c, 'user')), ...defaults];
  }
}
