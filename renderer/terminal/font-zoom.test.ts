// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { nextZoom, useFontZoom, zoomFont, zoomedSize } from './font-zoom';

/** As in font-zoom.ts. */
const MIN_FONT_SIZE = 6;

/** As in font-zoom.ts. */
const MAX_FONT_SIZE = 72;

describe('font zoom', () => {
  it('moves the base size by the zoom, within bounds', () => {
    expect(zoomedSize(14, 2)).toBe(16);
    expect(zoomedSize(14, -20)).toBe(MIN_FONT_SIZE);
    expect(zoomedSize(70, 9)).toBe(MAX_FONT_SIZE);
  });

  it('steps one pixel, stops at the bounds (no hidden steps to undo), and resets to 0', () => {
    expect(nextZoom(14, 0, 1)).toBe(1);
    expect(nextZoom(14, 3, -1)).toBe(2);
    expect(nextZoom(MAX_FONT_SIZE, 0, 1)).toBe(0);
    expect(nextZoom(MIN_FONT_SIZE + 1, -1, -1)).toBe(-1);
    expect(nextZoom(14, 5, 0)).toBe(0);
  });

  it('keeps the zoom in a store every terminal follows', () => {
    zoomFont(14, 1);
    zoomFont(14, 1);
    expect(useFontZoom.getState().delta).toBe(2);
    zoomFont(14, 0);
    expect(useFontZoom.getState().delta).toBe(0);
  });
});
