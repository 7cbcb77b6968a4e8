// SPDX-License-Identifier: MIT
import type { ITerminalOptions, ITheme } from '@xterm/xterm';

const DARK: ITheme = {
  background: '#16181d',
  foreground: '#d8dee9',
  cursor: '#e5e9f0',
  selectionBackground: '#3b4252',
};

/**
 * The xterm.js options every terminal starts with, before settings apply. Exported on its own so
 * the UI benchmark's bare xterm.js page runs with exactly the same ones (tests/bench/ui/).
 */
export const TERMINAL_DEFAULTS = {
  allowProposedApi: true,
  fontFamily: '"JetBrains Mono", "DejaVu Sans Mono", Menlo, monospace',
  fontSize: 13,
  scrollback: 10_000,
  theme: DARK,
  cursorBlink: true,
  // At 1.0 the DOM renderer clips underscores of common monospace fonts (DejaVu Sans Mono).
  lineHeight: 1.1,
  macOptionIsMeta: true,
} as const satisfies ITerminalOptions;

/** What settings change on a live terminal (font, theme, scrollback, copy-on-select). */
export interface LiveTerminalOptions {
  readonly fontFamily?: string;
  readonly fontSize?: number;
  readonly scrollback?: number;
  readonly theme?: ITheme;
  readonly copyOnSelect?: boolean;
  readonly cursorStyle?: 'block' | 'bar' | 'underline';
  readonly cursorBlink?: boolean;
  /** Not an xterm.js option: a character joiner and the font's features (themes/ligatures.ts). */
  readonly ligatures?: boolean;
}
