// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { clampWidth, sideWidth, storedWidth } from './pane-width';

/** As in pane-width.ts. */
const MIN_WIDTH = 280;

/** As in pane-width.ts. */
const AUTO_MAX = 520;

describe('pane width', () => {
  it('clamps the pane width to the window', () => {
    expect(clampWidth(100, 1600)).toBe(280);
    expect(clampWidth(5000, 1600)).toBe(900);
    expect(clampWidth(800, 1000)).toBe(680);
    expect(clampWidth(Number.NaN, 1600)).toBe(420);
  });

  it('gives an undragged pane a share of the window, within a minimum and a maximum', () => {
    expect(sideWidth(undefined, 900)).toBe(MIN_WIDTH);
    expect(sideWidth(undefined, 900) / 900).toBeLessThanOrEqual(0.35);
    expect(sideWidth(undefined, 1280)).toBe(384);
    expect(sideWidth(undefined, 1600)).toBe(480);
    expect(sideWidth(undefined, 3000)).toBe(AUTO_MAX);
  });

  it("keeps the user's dragged width, within what the window allows", () => {
    expect(sideWidth(600, 1600)).toBe(600);
    expect(sideWidth(600, 800)).toBe(480);
  });

  it('reads only numbers as a stored width', () => {
    expect(storedWidth(500)).toBe(500);
    expect(storedWidth(undefined)).toBeUndefined();
    expect(storedWidth('500')).toBeUndefined();
  });
});
