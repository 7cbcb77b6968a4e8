// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { ModelContextConfig, RedactionSettings } from '../../shared/ipc/context';
import { REDACTION_SETTINGS_KEY } from '../context/persistence-schema';
import type { ModelConfigRepository, RedactionSettingsRepository } from '../context/repositories';
import type { KeyValueStore } from '../settings/key-value-store';

interface ModelConfigRow {
  model: string;
  context_limit: number;
  compaction_mode: ModelContextConfig['compactionMode'];
  warning_threshold: number;
  reserved_output_tokens: number;
}

const toConfig = (row: ModelConfigRow): ModelContextConfig => ({
  model: row.model,
  contextLimit: row.context_limit,
  compactionMode: row.compaction_mode,
  warningThreshold: row.warning_threshold,
  reservedOutputTokens: row.reserved_output_tokens,
});

/** Per-model limits the user set (shipped defaults live in code); a limit of 0 means "no limit known". */
export class SqliteModelConfigRepository implements ModelConfigRepository {
  constructor(private readonly _db: Database.Database) {}

  async get(model: string): Promise<ModelContextConfig | null> {
    const row = this._db.prepare('SELECT * FROM model_configs WHERE model = ?').get(model) as ModelConfigRow | undefined;
    return row ? toConfig(row) : null;
  }

  async put(config: ModelContextConfig): Promise<void> {
    this._db
      .prepare(
        `INSERT INTO model_configs (model, context_limit, compaction_mode, warning_threshold, reserved_output_tokens, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (model) DO UPDATE SET context_limit = excluded.context_limit, compaction_mode = excluded.compaction_mode,
           warning_threshold = excluded.warning_threshold, reserved_output_tokens = excluded.reserved_output_tokens,
           updated_at = excluded.updated_at`,
      )
      .run(config.model, config.contextLimit, config.compactionMode, config.warningThreshold, config.reservedOutputTokens, Date.now());
  }

  async delete(model: string): Promise<void> {
    this._db.prepare('DELETE FROM model_configs WHERE model = ?').run(model);
  }

  async list(): Promise<ModelContextConfig[]> {
    return (this._db.prepare('SELECT * FROM model_configs ORDER BY model').all() as ModelConfigRow[]).map(toConfig);
  }
}

/** The store's `settings` table (JSON values) as the settings service's key/value store. */
export class SqliteKeyValueStore implements KeyValueStore {
  constructor(private readonly _db: Database.Database) {}

  async get(key: string): Promise<string | undefined> {
    const row = this._db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    this._db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(key, value);
  }
}

export class SqliteRedactionSettingsRepository implements RedactionSettingsRepository {
  constructor(private readonly _kv: SqliteKeyValueStore) {}

  async load(): Promise<RedactionSettings | null> {
    const value = await this._kv.get(REDACTION_SETTINGS_KEY);
    return value === undefined ? null : (JSON.parse(value) as RedactionSettings);
  }

  async save(settings: RedactionSettings): Promise<void> {
    await this._kv.set(REDACTION_SETTINGS_KEY, JSON.stringify(settings));
  }
}
