// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { clampWidth } from './pane-width';

describe('pane width', () => {
  it('clamps the pane width to the window', () => {
    expect(clampWidth(100, 1600)).toBe(280);
    expect(clampWidth(5000, 1600)).toBe(900);
    expect(clampWidth(800, 1000)).toBe(680);
    expect(clampWidth(Number.NaN, 1600)).toBe(420);
  });
});
