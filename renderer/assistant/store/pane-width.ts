// SPDX-License-Identifier: MIT

export const MIN_WIDTH = 280;
export const MAX_WIDTH = 900;

/** Keeps a stored or dragged width usable whatever the window size was when it was saved. */
export const clampWidth = (width: number, viewport = typeof window === 'undefined' ? 1600 : window.innerWidth): number => {
  const max = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, viewport - 320));
  return Math.round(Math.min(max, Math.max(MIN_WIDTH, Number.isFinite(width) ? width : 420)));
};
