// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { keyStorageNote } from './key-storage-note';

describe('keyStorageNote', () => {
  it('names the file and its protection for browser mode', () => {
    expect(keyStorageNote('file')).toContain('unencrypted in keys.json');
    expect(keyStorageNote('file')).toContain('0600');
  });

  it("says Electron's basic_text fallback is effectively plaintext", () => {
    expect(keyStorageNote('basic_text')).toMatch(/keys\.bin.*fixed.*in effect unencrypted/);
  });

  it('never produces the old "stored with file" wording', () => {
    for (const backend of ['file', 'basic_text', 'unknown']) expect(keyStorageNote(backend)).not.toMatch(/stored with \w+,/);
  });
});
