// SPDX-License-Identifier: MIT
import type { ModelContextConfig, RedactionSettings } from '../../shared/ipc/context';
import type { ModelConfigRepository, RedactionSettingsRepository } from '../context/conversation/repositories';
import type { SettingsService } from '../settings/settings-service';

/**
 * Per-model limits and redaction have one home, the settings (what the settings page edits); the
 * context engine reads and writes them through these adapters, so `context:set-model-config` and
 * `settings:set` can never disagree.
 */
export class SettingsModelConfigRepository implements ModelConfigRepository {
  constructor(private readonly _settings: SettingsService) {}

  async get(model: string): Promise<ModelContextConfig | null> {
    return this._settings.modelSettings(model) ?? null;
  }

  async put(config: ModelContextConfig): Promise<void> {
    const others = this._settings.current.models.filter((m) => m.model !== config.model);
    await this._save([...others, config]);
  }

  async delete(model: string): Promise<void> {
    await this._save(this._settings.current.models.filter((m) => m.model !== model));
  }

  async list(): Promise<ModelContextConfig[]> {
    return [...this._settings.current.models];
  }

  private async _save(models: ModelContextConfig[]): Promise<void> {
    const result = await this._settings.update({ models });
    if (!result.ok) throw new Error(result.fieldErrors.map((e) => `${e.path}: ${e.message}`).join('; '));
  }
}

export class SettingsRedactionRepository implements RedactionSettingsRepository {
  constructor(private readonly _settings: SettingsService) {}

  async load(): Promise<RedactionSettings | null> {
    return this._settings.current.redaction;
  }

  async save(redaction: RedactionSettings): Promise<void> {
    const result = await this._settings.update({ redaction });
    if (!result.ok) throw new Error(result.fieldErrors.map((e) => `${e.path}: ${e.message}`).join('; '));
  }
}
