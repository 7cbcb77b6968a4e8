// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { CustomScheme, SchemeColors, TerminalSettings } from '../../shared/ipc/settings';
import { schemeTheme, terminalOptionsOf, terminalThemeOf } from '../terminal/terminal-theme';
import { ligatureRanges } from './ligatures';
import { BUILTIN_SCHEMES, resolveScheme } from './schemes';

const SAVED_BEFORE = {
  shell: '',
  fontFamily: 'monospace',
  fontSize: 14,
  theme: 'system',
  scrollback: 10_000,
  copyOnSelect: false,
  restore: 'always',
};

describe('built-in schemes', () => {
  it('are complete, valid and uniquely named', () => {
    for (const scheme of BUILTIN_SCHEMES) expect(SchemeColors.safeParse(scheme.colors).success, scheme.id).toBe(true);
    expect(new Set(BUILTIN_SCHEMES.map((s) => s.id)).size).toBe(BUILTIN_SCHEMES.length);
    expect(BUILTIN_SCHEMES.every((s) => /^[a-z0-9-]+$/.test(s.id) && !s.id.startsWith('custom-'))).toBe(true);
  });

  it('resolve by id; system and unknown ids give Contexterm Light or Dark, as the window is', () => {
    const custom = CustomScheme.parse({ id: 'custom-mine', name: 'Mine', colors: BUILTIN_SCHEMES[4]!.colors });
    expect(resolveScheme('dracula', [], 'light').name).toBe('Dracula');
    expect(resolveScheme('custom-mine', [custom], 'dark').name).toBe('Mine');
    expect(resolveScheme('system', [custom], 'light').id).toBe('contexterm-light');
    expect(resolveScheme('custom-gone', [custom], 'dark').id).toBe('contexterm-dark');
  });
});

describe('scheme → xterm.js theme', () => {
  it('maps every colour, with the background under a block cursor unless the scheme says', () => {
    const dracula = BUILTIN_SCHEMES.find((s) => s.id === 'dracula')!;
    const theme = schemeTheme(dracula.colors);
    expect(theme).toMatchObject({
      background: '#282a36',
      foreground: '#f8f8f2',
      magenta: '#ff79c6',
      brightWhite: '#ffffff',
      cursorAccent: '#282a36',
    });
    const dark = BUILTIN_SCHEMES.find((s) => s.id === 'contexterm-dark')!;
    expect(schemeTheme(dark.colors).cursorAccent).toBe('#16181d');
  });

  it('keeps one theme object per scheme, so a save that changes something else does not repaint', () => {
    const settings = TerminalSettings.parse({ ...SAVED_BEFORE, scheme: 'gruvbox-dark' });
    expect(terminalThemeOf(settings, 'dark')).toBe(terminalThemeOf({ ...settings, fontSize: 20 }, 'light'));
  });

  it('follows the theme for system (today’s behaviour), also for settings saved before schemes existed', () => {
    const old = TerminalSettings.parse(SAVED_BEFORE);
    expect(old).toMatchObject({ scheme: 'system', customSchemes: [], ligatures: false, cursorStyle: 'block', cursorBlink: true });
    expect(terminalThemeOf(old, 'light').background).toBe('#fbfbfc');
    expect(terminalThemeOf(old, 'dark').background).toBe('#16181d');
    expect(terminalOptionsOf({ ...old, cursorStyle: 'bar', cursorBlink: false, ligatures: true }, 'dark')).toMatchObject({
      cursorStyle: 'bar',
      cursorBlink: false,
      ligatures: true,
    });
  });

  it('rejects bad stored schemes: a colour that is none, too many, a duplicate id', () => {
    const colors = BUILTIN_SCHEMES[0]!.colors;
    const scheme = (id: string) => ({ id, name: id, colors });
    expect(
      TerminalSettings.safeParse({ ...SAVED_BEFORE, customSchemes: [{ ...scheme('custom-a'), colors: { ...colors, red: 'red' } }] })
        .success,
    ).toBe(false);
    expect(
      TerminalSettings.safeParse({ ...SAVED_BEFORE, customSchemes: Array.from({ length: 21 }, (_v, i) => scheme(`custom-${i}`)) }).success,
    ).toBe(false);
    expect(TerminalSettings.safeParse({ ...SAVED_BEFORE, customSchemes: [scheme('custom-a'), scheme('custom-a')] }).success).toBe(false);
    expect(TerminalSettings.safeParse({ ...SAVED_BEFORE, customSchemes: [scheme('dracula')] }).success).toBe(false);
    expect(TerminalSettings.safeParse({ ...SAVED_BEFORE, cursorStyle: 'beam' }).success).toBe(false);
  });
});

describe('ligature runs', () => {
  it('finds the longest sequence at each place, without overlaps', () => {
    expect(ligatureRanges('a => b != c')).toEqual([
      [2, 4],
      [7, 9],
    ]);
    expect(ligatureRanges('x ===> y')).toEqual([[2, 6]]);
    expect(ligatureRanges('<!-- -->')).toEqual([
      [0, 4],
      [5, 8],
    ]);
    expect(ligatureRanges('plain text =')).toEqual([]);
  });
});
