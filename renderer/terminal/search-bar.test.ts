// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import type { TerminalSettings } from '../../shared/ipc/settings';
import { terminalOptionsOf } from './terminal-theme';

// The bar's module also reaches the live terminals, which need a DOM; the colour choice does not.
vi.mock('./terminals', () => ({ controllerFor: () => undefined }));
const { findDecorations, queryProblem } = await import('./search-bar');

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const themeOf = (resolved: 'light' | 'dark') => terminalOptionsOf({} as TerminalSettings, resolved).theme!;

describe.each(['light', 'dark'] as const)('find highlights in the %s theme', (resolved) => {
  const theme = themeOf(resolved);
  const decorations = findDecorations(theme);

  it('keep the terminal’s text readable on every match and on the active one (WCAG AA, 4.5:1)', () => {
    expect(contrast(decorations.matchBackground!, theme.foreground!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(decorations.activeMatchBackground, theme.foreground!)).toBeGreaterThanOrEqual(4.5);
  });

  it('stand out from the background, and the active match from the others', () => {
    expect(contrast(decorations.matchBackground!, theme.background!)).toBeGreaterThanOrEqual(1.2);
    expect(contrast(decorations.activeMatchBackground, decorations.matchBackground!)).toBeGreaterThanOrEqual(1.2);
  });
});

describe('find options', () => {
  it('explains a broken regular expression instead of searching (the addon would throw)', () => {
    expect(queryProblem('l+o', { regex: true })).toBeUndefined();
    expect(queryProblem('(', { regex: true })).toMatch(/^Not a valid regular expression/);
    expect(queryProblem('(', { regex: false })).toBeUndefined();
    expect(queryProblem('', { regex: true })).toBeUndefined();
  });
});
