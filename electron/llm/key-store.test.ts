// SPDX-License-Identifier: MIT
import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvironmentKeyOverlay, FileKeyStore, SafeStorageKeyStore, type SafeStorageLike } from './key-store';

const KEY = 'sk-canary-key-0123456789abcdef';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'contexterm-keys-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

/** A reversible stand-in for the OS keychain; its output never contains the plaintext. */
const fakeSafeStorage = (backend: string | undefined, available = true): SafeStorageLike => ({
  isEncryptionAvailable: () => available,
  encryptString: (plain) => Buffer.from(`enc:${Buffer.from(plain).reverse().toString('hex')}`),
  decryptString: (blob) => {
    const text = blob.toString();
    if (!text.startsWith('enc:')) throw new Error('bad blob');
    return Buffer.from(text.slice(4), 'hex').reverse().toString();
  },
  ...(backend === undefined ? {} : { getSelectedStorageBackend: () => backend }),
});

describe('FileKeyStore', () => {
  it('creates the file with mode 0600 (in a 0700 directory it creates) and reads keys back', async () => {
    const path = join(dir, 'nested', 'keys.json');
    const store = new FileKeyStore(path);
    await store.set('openai', KEY);
    expect(mode(path)).toBe(0o600);
    expect(mode(join(dir, 'nested'))).toBe(0o700);
    expect(await new FileKeyStore(path).get('openai')).toBe(KEY);
    expect(store.describe()).toEqual({ backend: 'file', secure: false });
  });

  it('re-tightens a file whose mode was loosened, on read and on write', async () => {
    const path = join(dir, 'keys.json');
    await new FileKeyStore(path).set('a', KEY);
    chmodSync(path, 0o644);
    expect(await new FileKeyStore(path).get('a')).toBe(KEY);
    expect(mode(path)).toBe(0o600);
    chmodSync(path, 0o666);
    await new FileKeyStore(path).set('b', 'sk-other-key-000000');
    expect(mode(path)).toBe(0o600);
  });

  it('replaces the file by rename: readers only ever see a complete file, and no temp files remain', async () => {
    const path = join(dir, 'keys.json');
    const store = new FileKeyStore(path);
    await store.set('seed', KEY);
    const inodeBefore = statSync(path).ino;
    // Hold the original open so its inode cannot be freed and handed to a later temp file.
    const held = openSync(path, 'r');
    let reading = true;
    const torn: string[] = [];
    const reader = (async () => {
      while (reading) {
        const text = await readFile(path, 'utf8');
        try {
          JSON.parse(text);
        } catch {
          torn.push(text);
        }
      }
    })();
    await Promise.all(Array.from({ length: 40 }, (_v, i) => store.set(`provider-${i}`, `sk-key-${i}-${'x'.repeat(2000)}`)));
    reading = false;
    await reader;
    expect(torn).toEqual([]);
    expect(statSync(path).ino).not.toBe(inodeBefore);
    closeSync(held);
    expect(readdirSync(dir)).toEqual(['keys.json']);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { keys: Record<string, string> };
    expect(Object.keys(saved.keys)).toHaveLength(41);
  });

  it('deletes keys and moves an unreadable file aside instead of overwriting it', async () => {
    const path = join(dir, 'keys.json');
    const store = new FileKeyStore(path);
    await store.set('a', KEY);
    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
    expect(readFileSync(path, 'utf8')).not.toContain(KEY);
    writeFileSync(path, '{ not json', { mode: 0o600 });
    expect(await new FileKeyStore(path).get('a')).toBeUndefined();
    expect(readdirSync(dir).some((name) => name.startsWith('keys.json.corrupt-'))).toBe(true);
  });
});

describe('SafeStorageKeyStore', () => {
  it('stores only encrypted blobs, 0600, and decrypts them back', async () => {
    const path = join(dir, 'keys.enc.json');
    const store = new SafeStorageKeyStore(path, fakeSafeStorage('gnome_libsecret'));
    await store.set('anthropic', KEY);
    expect(readFileSync(path, 'utf8')).not.toContain(KEY);
    expect(mode(path)).toBe(0o600);
    expect(await new SafeStorageKeyStore(path, fakeSafeStorage('gnome_libsecret')).get('anthropic')).toBe(KEY);
    expect(store.describe()).toEqual({ backend: 'gnome_libsecret', secure: true });
  });

  it('marks the basic_text fallback as insecure, and refuses it when asked to', async () => {
    const path = join(dir, 'keys.enc.json');
    expect(new SafeStorageKeyStore(path, fakeSafeStorage('basic_text')).describe()).toEqual({ backend: 'basic_text', secure: false });
    const strict = new SafeStorageKeyStore(path, fakeSafeStorage('basic_text'), { refuseInsecure: true });
    await expect(strict.set('a', KEY)).rejects.toMatchObject({ name: 'KeyStoreError' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the platform keychain where Electron has no backend query, and fails without encryption', async () => {
    const path = join(dir, 'keys.enc.json');
    expect(new SafeStorageKeyStore(path, fakeSafeStorage(undefined), { platform: 'darwin' }).describe()).toEqual({
      backend: 'keychain',
      secure: true,
    });
    const unavailable = new SafeStorageKeyStore(path, fakeSafeStorage(undefined, false), { platform: 'win32' });
    expect(unavailable.describe()).toEqual({ backend: 'dpapi', secure: false });
    await expect(unavailable.set('a', KEY)).rejects.toThrow(/keychain is not available/);
  });

  it('treats a blob it cannot decrypt as no key', async () => {
    const path = join(dir, 'keys.enc.json');
    writeFileSync(path, JSON.stringify({ version: 1, keys: { a: Buffer.from('garbage').toString('base64') } }), { mode: 0o600 });
    expect(await new SafeStorageKeyStore(path, fakeSafeStorage('kwallet5')).get('a')).toBeUndefined();
  });
});

describe('EnvironmentKeyOverlay', () => {
  it('serves the environment key from memory only; a saved key takes over; delete forgets both', async () => {
    const path = join(dir, 'keys.json');
    const overlay = new EnvironmentKeyOverlay(new FileKeyStore(path), new Map([['environment', KEY]]));
    expect(await overlay.get('environment')).toBe(KEY);
    expect(await overlay.sourceOf('environment')).toBe('environment');
    expect(readdirSync(dir)).toEqual([]);
    await overlay.set('environment', 'sk-user-saved-key-1');
    expect(await overlay.get('environment')).toBe('sk-user-saved-key-1');
    expect(await overlay.sourceOf('environment')).toBe('stored');
    expect(readFileSync(path, 'utf8')).not.toContain(KEY);
    await overlay.delete('environment');
    expect(await overlay.get('environment')).toBeUndefined();
    expect(await overlay.sourceOf('environment')).toBeNull();
  });
});
