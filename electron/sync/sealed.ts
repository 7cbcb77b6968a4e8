// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { SyncError } from './sync-error';

/**
 * One object in the bucket: `CTS1`, a fresh 24-byte nonce, then the XChaCha20-Poly1305 ciphertext
 * (audited @noble/ciphers) of the brotli-compressed payload, its 16-byte tag last. XChaCha's nonce
 * is long enough to be drawn at random for every object without counting. The object's name is the
 * associated data, so an object copied or swapped under another name fails its tag as a tampered
 * one does. Compression comes before encryption: ciphertext does not compress.
 */
const MAGIC = Buffer.from('CTS1');
const NONCE_BYTES = 24;
const TAG_BYTES = 16;

/** Brotli quality 5: most of 11's ratio on command output at a small part of its time. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

export const seal = (key: Uint8Array, name: string, payload: Uint8Array): Uint8Array => {
  const nonce = new Uint8Array(randomBytes(NONCE_BYTES));
  const packed = brotliCompressSync(payload, BROTLI);
  const box = xchacha20poly1305(key, nonce, Buffer.from(name)).encrypt(packed);
  return Buffer.concat([MAGIC, nonce, box]);
};

/** The payload, or a `tampered` SyncError: a short, foreign, truncated or altered object is never read as whole. */
export const open = (key: Uint8Array, name: string, object: Uint8Array): Uint8Array => {
  const bytes = Buffer.from(object.buffer, object.byteOffset, object.byteLength);
  if (bytes.length < MAGIC.length + NONCE_BYTES + TAG_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new SyncError('tampered', `${name} is not a sync object (${bytes.length} bytes, truncated or foreign)`);
  }
  const nonce = bytes.subarray(MAGIC.length, MAGIC.length + NONCE_BYTES);
  let packed: Uint8Array;
  try {
    packed = xchacha20poly1305(key, nonce, Buffer.from(name)).decrypt(bytes.subarray(MAGIC.length + NONCE_BYTES));
  } catch {
    throw new SyncError('tampered', `${name} failed its authentication tag (altered, truncated, or sealed with another key)`);
  }
  return brotliDecompressSync(packed);
};

export const sealJson = (key: Uint8Array, name: string, value: unknown): Uint8Array => seal(key, name, Buffer.from(JSON.stringify(value)));

export const openJson = (key: Uint8Array, name: string, object: Uint8Array): unknown => {
  const text = Buffer.from(open(key, name, object)).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SyncError('tampered', `${name} opened but is not a sync document`);
  }
};
