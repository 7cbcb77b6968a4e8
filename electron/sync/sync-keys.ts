// SPDX-License-Identifier: MIT
import { hkdfSync, randomBytes } from 'node:crypto';
import { entropyToMnemonic, mnemonicToEntropy, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { SyncError } from './sync-error';

/** The one secret of a sync group: 32 random bytes, shown once to the user as 24 BIP-39 words. */
export const KEY_BYTES = 32;

/**
 * Sub-keys derived with HKDF-SHA256 (node:crypto), one per use, so that the key that encrypts
 * objects never also names them or answers the key check: `seal` encrypts every object, `names`
 * derives a device's object prefix (an HMAC of its id), `check` seals the bucket's key check.
 */
export interface SyncKeys {
  readonly seal: Uint8Array;
  readonly names: Uint8Array;
  readonly check: Uint8Array;
}

const SALT = Buffer.from('contexterm-sync-v1');

const derive = (key: Uint8Array, info: string): Uint8Array => new Uint8Array(hkdfSync('sha256', key, SALT, info, KEY_BYTES));

export const deriveKeys = (key: Uint8Array): SyncKeys => {
  if (key.length !== KEY_BYTES) throw new SyncError('bad-input', `a sync key is ${KEY_BYTES} bytes, got ${key.length}`);
  return { seal: derive(key, 'seal'), names: derive(key, 'names'), check: derive(key, 'check') };
};

export const newKey = (): Uint8Array => new Uint8Array(randomBytes(KEY_BYTES));

export const keyToPhrase = (key: Uint8Array): string => entropyToMnemonic(key, wordlist);

/** Words separated by any white space, any case: what a user pastes or types back. */
export const phraseToKey = (phrase: string): Uint8Array => {
  const words = phrase.trim().toLowerCase().split(/\s+/).join(' ');
  if (words.split(' ').length !== 24)
    throw new SyncError('bad-input', `a recovery phrase has 24 words, got ${words === '' ? 0 : words.split(' ').length}`);
  // The checksum (the last word's bits) catches a mistyped or swapped word before the bucket is asked.
  if (!validateMnemonic(words, wordlist))
    throw new SyncError('bad-input', 'that recovery phrase is not valid: a word is misspelt or out of place');
  return mnemonicToEntropy(words, wordlist);
};
