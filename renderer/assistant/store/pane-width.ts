// SPDX-License-Identifier: MIT
import { loadPref } from '../../state/prefs';

const MIN_WIDTH = 280;
const MAX_WIDTH = 900;
/** Until the user drags it, the side pane takes this share of the window, within MIN_WIDTH…AUTO_MAX. */
const AUTO_SHARE = 0.3;
/** A wide window gives the extra room to the terminal: a side pane wider than this gains little. */
const AUTO_MAX = 520;

const viewportWidth = (): number => (typeof window === 'undefined' ? 1600 : window.innerWidth);

/** Keeps a stored or dragged width usable whatever the window size was when it was saved. */
export const clampWidth = (width: number, viewport = viewportWidth()): number => {
  const max = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, viewport - 320));
  return Math.round(Math.min(max, Math.max(MIN_WIDTH, Number.isFinite(width) ? width : 420)));
};

/**
 * The side pane's width in a window `viewport` px wide: the width the user dragged it to, or else a
 * share of the window. A fixed default (420 px) left a 900 px window's terminal 55 columns.
 */
export const sideWidth = (userWidth: number | undefined, viewport = viewportWidth()): number =>
  userWidth === undefined
    ? clampWidth(Math.min(AUTO_MAX, Math.max(MIN_WIDTH, viewport * AUTO_SHARE)), viewport)
    : clampWidth(userWidth, viewport);

/** A stored preference is only a user's width if it is a number (older builds stored nothing else). */
export const storedWidth = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The width a user dragged the side pane to in an earlier run, if any. */
export const savedUserWidth = (): number | undefined => storedWidth(loadPref<unknown>('width', undefined));
