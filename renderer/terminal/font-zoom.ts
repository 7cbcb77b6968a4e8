// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import { loadPref, savePref } from '../state/prefs';

/** The font sizes a terminal can have (the same bounds as Settings → Terminal → Font size). */
const MIN_FONT_SIZE = 6;
const MAX_FONT_SIZE = 72;

const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, n));

/** The size a terminal shows: the settings' base size moved by the zoom, within bounds. */
export const zoomedSize = (base: number, delta: number): number => clamp(Math.round(base + delta), MIN_FONT_SIZE, MAX_FONT_SIZE);

/** The next zoom after a step (+1 bigger, -1 smaller, 0 back to the base size), kept within bounds. */
export const nextZoom = (base: number, delta: number, step: -1 | 0 | 1): number =>
  step === 0 ? 0 : zoomedSize(base, zoomedSize(base, delta) - base + step) - base;

interface FontZoomState {
  /** Pixels added to the settings' font size, for every terminal of this browser profile. */
  readonly delta: number;
}

/**
 * Font zoom (Ctrl+= / Ctrl+- / Ctrl+0) is a view setting like the pane sizes: kept across reloads
 * in localStorage, not in the saved settings, whose font size stays the base it moves from.
 */
export const useFontZoom = create<FontZoomState>()(() => {
  const saved = loadPref<unknown>('fontZoom', 0);
  return { delta: typeof saved === 'number' && Number.isFinite(saved) ? clamp(Math.round(saved), -MAX_FONT_SIZE, MAX_FONT_SIZE) : 0 };
});

export const zoomFont = (base: number, step: -1 | 0 | 1): void => {
  const delta = nextZoom(base, useFontZoom.getState().delta, step);
  savePref('fontZoom', delta === 0 ? undefined : delta);
  useFontZoom.setState({ delta });
};
