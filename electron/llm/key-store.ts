// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';
import { readPrivateJson, writePrivateFile } from './private-file';

/**
 * Where provider API keys live. Main process only: nothing here is ever sent to the renderer,
 * logged, or put into a model's context; the settings service only reports whether a key exists.
 */
export interface KeyStore {
  get(providerId: string): Promise<string | undefined>;
  set(providerId: string, key: string): Promise<void>;
  delete(providerId: string): Promise<void>;
  /** `secure: false` when keys sit on disk unencrypted (a 0600 file, or Linux's basic_text), so the UI can warn. */
  describe(): { backend: string; secure: boolean };
}

class KeyStoreError extends DomainError {
  override readonly name = 'KeyStoreError';

  constructor(message: string) {
    super('failed', message);
  }
}

const FORMAT_VERSION = 1;

/** A `{providerId: value}` map in one private JSON file; operations run one at a time. */
export class PrivateRecordFile {
  private _cache: Map<string, string> | undefined;
  private _queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly _extra: Record<string, unknown> = {},
  ) {}

  read(id: string): Promise<string | undefined> {
    return this._serial(async () => (await this._load()).get(id));
  }

  write(id: string, value: string | undefined): Promise<void> {
    return this._serial(async () => {
      const next = new Map(await this._load());
      if (value === undefined) {
        if (!next.delete(id)) return;
      } else next.set(id, value);
      await writePrivateFile(this.path, JSON.stringify({ version: FORMAT_VERSION, ...this._extra, keys: Object.fromEntries(next) }));
      this._cache = next;
    });
  }

  private async _load(): Promise<Map<string, string>> {
    if (this._cache) return this._cache;
    const data = (await readPrivateJson(this.path)) as { keys?: unknown } | undefined;
    const entries = typeof data?.keys === 'object' && data.keys !== null ? Object.entries(data.keys) : [];
    this._cache = new Map(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    return this._cache;
  }

  private _serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this._queue.then(task, task);
    this._queue = next.catch(() => undefined);
    return next;
  }
}

/** Browser mode: plain JSON in the data dir, mode 0600. Readable by anything running as the user. */
export class FileKeyStore implements KeyStore {
  private readonly _file: PrivateRecordFile;

  constructor(path: string) {
    this._file = new PrivateRecordFile(path);
  }

  get(providerId: string): Promise<string | undefined> {
    return this._file.read(providerId);
  }

  set(providerId: string, key: string): Promise<void> {
    return this._file.write(providerId, key);
  }

  delete(providerId: string): Promise<void> {
    return this._file.write(providerId, undefined);
  }

  describe(): { backend: string; secure: boolean } {
    return { backend: 'file', secure: false };
  }
}

/** The subset of Electron's `safeStorage` used here; electron/main passes the real one in. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron: `basic_text` means a hard-coded password, i.e. effectively plaintext. */
  getSelectedStorageBackend?(): string;
}

const PLATFORM_BACKENDS: Readonly<Record<string, string>> = { darwin: 'keychain', win32: 'dpapi' };

/**
 * Desktop mode: each key encrypted by the OS keychain through Electron's safeStorage, the blobs
 * in a 0600 file in userData. On Linux without a keyring Electron falls back to `basic_text`;
 * that is recorded as insecure so the UI can warn, or refused when `refuseInsecure` is set.
 */
export class SafeStorageKeyStore implements KeyStore {
  private readonly _file: PrivateRecordFile;

  constructor(
    path: string,
    private readonly _storage: SafeStorageLike,
    private readonly _options: { readonly platform?: string; readonly refuseInsecure?: boolean } = {},
  ) {
    this._file = new PrivateRecordFile(path, { backend: this.describe().backend });
  }

  async get(providerId: string): Promise<string | undefined> {
    const blob = await this._file.read(providerId);
    if (blob === undefined || !this._storage.isEncryptionAvailable()) return undefined;
    try {
      return this._storage.decryptString(Buffer.from(blob, 'base64'));
    } catch {
      // Encrypted under another keyring or user: unusable, and the UI shows "no key" so it is entered again.
      return undefined;
    }
  }

  async set(providerId: string, key: string): Promise<void> {
    if (!this._storage.isEncryptionAvailable())
      throw new KeyStoreError('The system keychain is not available, so the key cannot be stored.');
    if (this._options.refuseInsecure && !this.describe().secure) {
      throw new KeyStoreError('Only plaintext key storage is available here (no keyring); the key was not saved.');
    }
    await this._file.write(providerId, this._storage.encryptString(key).toString('base64'));
  }

  delete(providerId: string): Promise<void> {
    return this._file.write(providerId, undefined);
  }

  describe(): { backend: string; secure: boolean } {
    const platform = this._options.platform ?? process.platform;
    const backend = this._storage.getSelectedStorageBackend?.() ?? PLATFORM_BACKENDS[platform] ?? 'unknown';
    const secure = this._storage.isEncryptionAvailable() && backend !== 'basic_text' && backend !== 'unknown';
    return { backend, secure };
  }
}

/**
 * Keys given by CONTEXTERM_API_KEY: held in memory only, never written. A key the user saves for
 * the same provider takes over; deleting it also forgets the environment's for this run.
 */
export class EnvironmentKeyOverlay implements KeyStore {
  private readonly _env: Map<string, string>;

  constructor(
    private readonly _base: KeyStore,
    environmentKeys: ReadonlyMap<string, string>,
  ) {
    this._env = new Map(environmentKeys);
  }

  async get(providerId: string): Promise<string | undefined> {
    return (await this._base.get(providerId)) ?? this._env.get(providerId);
  }

  async sourceOf(providerId: string): Promise<'stored' | 'environment' | null> {
    if ((await this._base.get(providerId)) !== undefined) return 'stored';
    return this._env.has(providerId) ? 'environment' : null;
  }

  set(providerId: string, key: string): Promise<void> {
    return this._base.set(providerId, key);
  }

  async delete(providerId: string): Promise<void> {
    this._env.delete(providerId);
    await this._base.delete(providerId);
  }

  describe(): { backend: string; secure: boolean } {
    return this._base.describe();
  }
}
