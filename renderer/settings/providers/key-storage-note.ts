// SPDX-License-Identifier: MIT

/**
 * What the settings page says when saved API keys are not encrypted by the OS keychain, by the
 * key store's backend (electron/llm/key-store.ts): `file` is browser mode's plain keys.json in the
 * data directory; `basic_text` is Electron's Linux fallback without a keyring, whose "encryption"
 * uses a fixed password; anything else means safeStorage found no usable keychain at all.
 */
export const keyStorageNote = (backend: string): string => {
  if (backend === 'file') {
    return (
      'API keys you save here are stored unencrypted in keys.json in the data directory. ' +
      'Only your user account can read that file (mode 0600), but so can every program you run.'
    );
  }
  if (backend === 'basic_text') {
    return (
      'No system keyring was found, so API keys are stored in keys.bin (mode 0600) with a fixed, ' +
      'publicly known password: in effect unencrypted. Start a keyring (GNOME Keyring or KWallet) to encrypt them.'
    );
  }
  return `The system keychain is not available (storage backend: ${backend}), so API keys cannot be stored encrypted here.`;
};
