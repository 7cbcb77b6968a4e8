// SPDX-License-Identifier: MIT

// The prefix predates the layout store sharing these helpers; changing it would forget every
// window's saved pane sizes.
const PREFIX = 'contexterm.assistant.';

/** Pane preferences live in localStorage: they are per window and not worth a settings round trip. */
export const loadPref = <T>(key: string, fallback: T): T => {
  try {
    const raw = globalThis.localStorage?.getItem(PREFIX + key);
    return raw === null || raw === undefined ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
};

export const savePref = (key: string, value: unknown): void => {
  try {
    if (value === undefined) globalThis.localStorage?.removeItem(PREFIX + key);
    else globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the preference just does not survive a reload.
  }
};
