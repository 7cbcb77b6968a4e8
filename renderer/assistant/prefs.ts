// SPDX-License-Identifier: MIT

const PREFIX = 'contexterm.assistant.';

export const MIN_WIDTH = 280;
export const MAX_WIDTH = 900;

/** Keeps a stored or dragged width usable whatever the window size was when it was saved. */
export const clampWidth = (width: number, viewport = typeof window === 'undefined' ? 1600 : window.innerWidth): number => {
  const max = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, viewport - 320));
  return Math.round(Math.min(max, Math.max(MIN_WIDTH, Number.isFinite(width) ? width : 420)));
};

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
