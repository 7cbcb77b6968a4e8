// SPDX-License-Identifier: MIT
import type { ITheme } from '@xterm/xterm';
import type { SchemeColors, TerminalSettings } from '../../shared/ipc/settings';
import { resolveScheme, SYSTEM_SCHEME } from '../themes/schemes';
import type { LiveTerminalOptions } from './xterm/terminal-options';

export type ResolvedTheme = 'light' | 'dark';

export const resolveTheme = (theme: TerminalSettings['theme'], prefersDark: boolean): ResolvedTheme =>
  theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;

/** One ITheme per scheme: an unchanged theme keeps its identity, so a settings save does not repaint. */
const themes = new WeakMap<SchemeColors, ITheme>();

/** A scheme as xterm.js's theme; the cursor's text is the background unless the scheme says. */
export const schemeTheme = (colors: SchemeColors): ITheme => {
  let theme = themes.get(colors);
  if (!theme) {
    theme = { ...colors, cursorAccent: colors.cursorAccent ?? colors.background };
    themes.set(colors, theme);
  }
  return theme;
};

/** The xterm.js theme the settings ask for (`system`: Contexterm Light or Dark, as the window is). */
export const terminalThemeOf = (terminal: Partial<TerminalSettings>, resolved: ResolvedTheme): ITheme =>
  schemeTheme(resolveScheme(terminal.scheme ?? SYSTEM_SCHEME, terminal.customSchemes ?? [], resolved).colors);

export const terminalOptionsOf = (terminal: TerminalSettings, resolved: ResolvedTheme): LiveTerminalOptions => ({
  fontFamily: terminal.fontFamily,
  fontSize: terminal.fontSize,
  scrollback: terminal.scrollback,
  theme: terminalThemeOf(terminal, resolved),
  copyOnSelect: terminal.copyOnSelect,
  cursorStyle: terminal.cursorStyle,
  cursorBlink: terminal.cursorBlink,
  ligatures: terminal.ligatures,
});
