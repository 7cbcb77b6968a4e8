// SPDX-License-Identifier: MIT
import type { ITheme } from '@xterm/xterm';
import type { TerminalSettings } from '../../shared/ipc/settings';
import type { LiveTerminalOptions } from './terminal-controller';

export type ResolvedTheme = 'light' | 'dark';

/** The same palette the terminal starts with; repeated here so a theme switch can return to it. */
const DARK: ITheme = {
  background: '#16181d',
  foreground: '#d8dee9',
  cursor: '#e5e9f0',
  selectionBackground: '#3b4252',
};

const LIGHT: ITheme = {
  background: '#fbfbfc',
  foreground: '#24292f',
  cursor: '#24292f',
  cursorAccent: '#fbfbfc',
  selectionBackground: '#b6d3ff',
  black: '#24292f',
  red: '#cf222e',
  green: '#116329',
  yellow: '#7d4e00',
  blue: '#0550ae',
  magenta: '#8250df',
  cyan: '#1b7c83',
  white: '#6e7781',
  brightBlack: '#57606a',
  brightRed: '#a40e26',
  brightGreen: '#1a7f37',
  brightYellow: '#633c01',
  brightBlue: '#218bff',
  brightMagenta: '#a475f9',
  brightCyan: '#3192aa',
  brightWhite: '#8c959f',
};

export const resolveTheme = (theme: TerminalSettings['theme'], prefersDark: boolean): ResolvedTheme =>
  theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;

export const terminalOptionsOf = (terminal: TerminalSettings, resolved: ResolvedTheme): LiveTerminalOptions => ({
  fontFamily: terminal.fontFamily,
  fontSize: terminal.fontSize,
  scrollback: terminal.scrollback,
  theme: resolved === 'light' ? LIGHT : DARK,
  copyOnSelect: terminal.copyOnSelect,
});
