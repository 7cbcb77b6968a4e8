// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { effectiveBindings } from '../actions/keys';
import { filterEntries, matchScore, paletteEntries } from './palette-filter';

const profiles = {
  list: [{ id: 'build', name: 'Build box', command: 'ssh', args: ['build'], cwd: '', env: {} }],
  defaultId: null,
};
const entries = paletteEntries(effectiveBindings({ 'pane-split-right': ['Ctrl+Alt+J'] }), profiles);
const titles = (query: string) => filterEntries(entries, query).map((e) => e.title);

describe('palette entries', () => {
  it('lists every action but the palette itself, with its shortcut, and one entry per profile', () => {
    expect(entries.find((e) => e.action === 'palette')).toBeUndefined();
    expect(entries.find((e) => e.action === 'pane-split-right')?.shortcut).toBe('Ctrl+Alt+J');
    expect(entries.find((e) => e.action === 'clear')?.shortcut).toBe('');
    expect(entries.filter((e) => e.action === 'tab-new-profile')).toEqual([
      expect.objectContaining({ key: 'tab-new-profile:build', arg: 'build', title: 'New tab with profile: Build box' }),
    ]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
  });
});

describe('palette filter', () => {
  it('keeps everything, in registry order, for an empty query', () => {
    expect(filterEntries(entries, '  ')).toEqual(entries);
  });

  it('matches words in any order, best at the start of a word', () => {
    expect(titles('split right')[0]).toBe('Split right');
    expect(titles('right split')[0]).toBe('Split right');
    expect(titles('sp ri')[0]).toBe('Split right');
    expect(titles('split')).toEqual(['Split right', 'Split down']);
  });

  it('matches initials, inner substrings and keywords', () => {
    expect(titles('sr')[0]).toBe('Split right');
    expect(titles('ettin')).toContain('Open settings');
    expect(titles('zoom')).toEqual(expect.arrayContaining(['Zoom pane', 'Bigger font', 'Smaller font']));
    expect(titles('zoom')[0]).toBe('Zoom pane');
    expect(titles('build')).toEqual(['New tab with profile: Build box']);
  });

  it('finds nothing for words nowhere in an entry', () => {
    expect(titles('split qqq')).toEqual([]);
    expect(matchScore({ title: 'Copy', keywords: '' }, 'paste')).toBe(0);
  });
});
