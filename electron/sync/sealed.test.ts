// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { open, openJson, seal, sealJson } from './sealed';
import { SyncLayout } from './sync-format';
import { deriveKeys, keyToPhrase, newKey, phraseToKey } from './sync-keys';
import { SyncError } from './sync-error';

const key = deriveKeys(newKey()).seal;
const text = 'git push origin secret-branch-7c ; cd /home/alice/private-project';

const code = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof SyncError ? error.code : String(error);
  }
};

describe('sealed objects', () => {
  it('round-trips and holds none of its text in the clear, with a fresh nonce every time', () => {
    const a = seal(key, 's/x/1', Buffer.from(text));
    const b = seal(key, 's/x/1', Buffer.from(text));
    expect(Buffer.from(open(key, 's/x/1', a)).toString()).toBe(text);
    expect(Buffer.from(a).includes('secret-branch')).toBe(false);
    expect(Buffer.from(a).subarray(4, 28).equals(Buffer.from(b).subarray(4, 28))).toBe(false);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('refuses an altered, truncated, renamed or foreign object as tampered', () => {
    const object = Buffer.from(seal(key, 'name', Buffer.from(text)));
    const flipped = Buffer.from(object);
    flipped[flipped.length - 1]! ^= 1;
    expect(code(() => open(key, 'name', flipped))).toBe('tampered');
    expect(code(() => open(key, 'name', object.subarray(0, object.length - 5)))).toBe('tampered');
    expect(code(() => open(key, 'name', object.subarray(0, 10)))).toBe('tampered');
    expect(code(() => open(key, 'other-name', object))).toBe('tampered');
    expect(code(() => open(deriveKeys(newKey()).seal, 'name', object))).toBe('tampered');
    expect(code(() => open(key, 'name', Buffer.from('plain text, not ours at all, long enough to pass the size check')))).toBe('tampered');
  });

  it('compresses before it encrypts: repetitive output shrinks', () => {
    const output = 'PASS tests/unit/thing.test.ts (12 ms)\n'.repeat(2000);
    expect(sealJson(key, 'n', { output }).length).toBeLessThan(output.length / 10);
    expect(openJson(key, 'n', sealJson(key, 'n', { output }))).toEqual({ output });
  });
});

describe('keys and names', () => {
  it('shows a key as 24 words and reads it back, whatever the spacing and case', () => {
    const raw = newKey();
    const phrase = keyToPhrase(raw);
    expect(phrase.split(' ')).toHaveLength(24);
    expect(phraseToKey(`  ${phrase.toUpperCase().replaceAll(' ', '\n ')} `)).toEqual(raw);
  });

  it('refuses a phrase of the wrong length or with a broken checksum', () => {
    const words = keyToPhrase(new Uint8Array(32)).split(' '); // 'abandon' × 23, then 'art'
    expect(code(() => phraseToKey(words.join(' ')))).toBeUndefined();
    expect(code(() => phraseToKey(words.slice(0, 12).join(' ')))).toBe('bad-input');
    expect(code(() => phraseToKey([...words.slice(0, 23), 'zoo'].join(' ')))).toBe('bad-input');
  });

  it('derives separate sub-keys, and object names that name no device', () => {
    const keys = deriveKeys(newKey());
    expect(new Set([keys.seal, keys.names, keys.check].map((k) => Buffer.from(k).toString('hex'))).size).toBe(3);
    const layout = new SyncLayout('team', keys.names);
    const device = 'a1b2c3d4-0000-4000-8000-000000000000';
    expect(layout.manifest(device)).toMatch(/^team\/m\/[0-9a-f]{32}$/);
    expect(layout.segment(device, SyncLayout.newSegmentName())).toMatch(/^team\/s\/[0-9a-f]{32}\/[0-9a-f]{32}$/);
    expect(layout.manifest(device)).not.toContain('a1b2');
    expect(new SyncLayout('team', deriveKeys(newKey()).names).manifest(device)).not.toBe(layout.manifest(device));
  });
});
