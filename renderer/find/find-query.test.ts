// SPDX-License-Identifier: MIT
import type { ISearchOptions } from '@xterm/addon-search';
import { describe, expect, it } from 'vitest';
import type { TerminalSettings } from '../../shared/ipc/settings';
import { terminalOptionsOf } from '../terminal/terminal-theme';
import { countText, findDecorations, NO_FIND_OPTIONS, queryProblem, runFind, type FindTarget } from './find-query';

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
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

describe('the count', () => {
  it('says which match of how many, none active, past the limit, or none', () => {
    expect(countText({ index: 2, count: 12 }, 'x')).toBe('3 of 12');
    expect(countText({ index: -1, count: 5 }, 'x')).toBe('– of 5');
    expect(countText({ index: 0, count: 1000 }, 'x')).toBe('1 of 1000+');
    expect(countText({ index: -1, count: 0 }, 'x')).toBe('No results');
    expect(countText({ index: 0, count: 3 }, '')).toBe('');
    expect(countText(undefined, 'x')).toBe('');
  });
});

describe('a search', () => {
  const target = () => {
    const calls: Array<[string, string, ISearchOptions | undefined]> = [];
    let cleared = 0;
    let deselected = 0;
    const searched: FindTarget = {
      search: {
        findNext: (term, options) => calls.push(['next', term, options]) > 0,
        findPrevious: (term, options) => calls.push(['previous', term, options]) > 0,
        clearDecorations: () => void cleared++,
      },
      theme: () => ({ background: '#ffffff' }),
      clearSelection: () => void deselected++,
    };
    return { searched, calls, cleared: () => cleared, deselected: () => deselected };
  };

  it('goes either way with the theme’s match colours', () => {
    const t = target();
    expect(runFind(t.searched, 'foo', NO_FIND_OPTIONS, true, true)).toBeUndefined();
    expect(runFind(t.searched, 'foo', { ...NO_FIND_OPTIONS, caseSensitive: true }, false)).toBeUndefined();
    expect(t.calls.map(([way, term, options]) => [way, term, options?.incremental, options?.caseSensitive])).toEqual([
      ['next', 'foo', true, false],
      ['previous', 'foo', false, true],
    ]);
    expect(t.calls[0]![2]?.decorations).toEqual(findDecorations({ background: '#ffffff' }));
  });

  it('clears the matches and the selection for an empty query', () => {
    const t = target();
    expect(runFind(t.searched, '', NO_FIND_OPTIONS, true)).toBeUndefined();
    expect([t.calls.length, t.cleared(), t.deselected()]).toEqual([0, 1, 1]);
  });

  it('searches nothing for a broken regular expression, and says why', () => {
    const t = target();
    expect(runFind(t.searched, 'l+o(', { ...NO_FIND_OPTIONS, regex: true }, true)).toMatch(/^Not a valid regular expression/);
    expect([t.calls.length, t.cleared()]).toEqual([0, 1]);
  });

  it('answers a failure of the addon instead of throwing', () => {
    const failing: FindTarget = {
      search: {
        findNext: () => {
          throw new Error('buffer gone');
        },
        findPrevious: () => false,
        clearDecorations: () => undefined,
      },
      theme: () => undefined,
    };
    expect(runFind(failing, 'x', NO_FIND_OPTIONS, true)).toBe('buffer gone');
  });
});
