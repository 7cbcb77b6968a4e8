// SPDX-License-Identifier: MIT
import type { CustomScheme, SchemeColors } from '../../shared/ipc/settings';

/** The 16 ANSI colours in order (SGR 30–37, then 90–97), with xterm.js's names. */
export const ANSI_NAMES = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'brightBlack',
  'brightRed',
  'brightGreen',
  'brightYellow',
  'brightBlue',
  'brightMagenta',
  'brightCyan',
  'brightWhite',
] as const satisfies ReadonlyArray<keyof SchemeColors>;
export type AnsiName = (typeof ANSI_NAMES)[number];

export interface BuiltinScheme {
  readonly id: string;
  readonly name: string;
  /** Whether it is meant for a light or a dark surrounding (the picker groups by it). */
  readonly kind: 'light' | 'dark';
  readonly colors: SchemeColors;
}

/**
 * 16 colours in ANSI order, from a list of 16 hex strings (keeps the tables below readable). The
 * tables are written as terminals list them, normal colours on one row and bright on the next;
 * `prettier-ignore` keeps that layout (Prettier puts each string on a line of its own).
 */
const ansi = (colors: readonly string[]): Record<AnsiName, string> =>
  Object.fromEntries(ANSI_NAMES.map((name, i) => [name, colors[i]!])) as Record<AnsiName, string>;

/** xterm.js's own default ANSI colours (the Tango palette): what Contexterm Dark always used. */
// prettier-ignore
const XTERM_ANSI = ansi([
  '#2e3436', '#cc0000', '#4e9a06', '#c4a000', '#3465a4', '#75507b', '#06989a', '#d3d7cf',
  '#555753', '#ef2929', '#8ae234', '#fce94f', '#729fcf', '#ad7fa8', '#34e2e2', '#eeeeec',
]);

// prettier-ignore
const SOLARIZED_ANSI = ansi([
  '#073642', '#dc322f', '#859900', '#b58900', '#268bd2', '#d33682', '#2aa198', '#eee8d5',
  '#002b36', '#cb4b16', '#586e75', '#657b83', '#839496', '#6c71c4', '#93a1a1', '#fdf6e3',
]);

/**
 * Built in: Contexterm's own two and well-known schemes whose licences allow it (all MIT), written
 * from their authors' published values: Solarized (Ethan Schoonover; the official 16-colour terminal
 * mapping), Dracula (its spec's ANSI table), One Half (Son A. Pham's terminal files), Gruvbox
 * (Pavel Pertsev's Xresources) and Tomorrow Night (Chris Kempson's palette, which names no ANSI
 * order: black is its current-line shade, bright black its comment grey).
 */
export const BUILTIN_SCHEMES: readonly BuiltinScheme[] = [
  {
    id: 'contexterm-dark',
    name: 'Contexterm Dark',
    kind: 'dark',
    colors: { background: '#16181d', foreground: '#d8dee9', cursor: '#e5e9f0', selectionBackground: '#3b4252', ...XTERM_ANSI },
  },
  {
    id: 'contexterm-light',
    name: 'Contexterm Light',
    kind: 'light',
    colors: {
      background: '#fbfbfc',
      foreground: '#24292f',
      cursor: '#24292f',
      cursorAccent: '#fbfbfc',
      selectionBackground: '#b6d3ff',
      // prettier-ignore
      ...ansi([
        '#24292f', '#cf222e', '#116329', '#7d4e00', '#0550ae', '#8250df', '#1b7c83', '#6e7781',
        '#57606a', '#a40e26', '#1a7f37', '#633c01', '#218bff', '#a475f9', '#3192aa', '#8c959f',
      ]),
    },
  },
  {
    id: 'solarized-dark',
    name: 'Solarized Dark',
    kind: 'dark',
    colors: {
      background: '#002b36',
      foreground: '#839496',
      cursor: '#93a1a1',
      cursorAccent: '#002b36',
      selectionBackground: '#586e75',
      ...SOLARIZED_ANSI,
    },
  },
  {
    id: 'solarized-light',
    name: 'Solarized Light',
    kind: 'light',
    colors: {
      background: '#fdf6e3',
      foreground: '#657b83',
      cursor: '#586e75',
      cursorAccent: '#fdf6e3',
      selectionBackground: '#93a1a1',
      ...SOLARIZED_ANSI,
    },
  },
  {
    id: 'dracula',
    name: 'Dracula',
    kind: 'dark',
    colors: {
      background: '#282a36',
      foreground: '#f8f8f2',
      cursor: '#f8f8f2',
      cursorAccent: '#282a36',
      selectionBackground: '#44475a',
      // prettier-ignore
      ...ansi([
        '#21222c', '#ff5555', '#50fa7b', '#f1fa8c', '#bd93f9', '#ff79c6', '#8be9fd', '#f8f8f2',
        '#6272a4', '#ff6e6e', '#69ff94', '#ffffa5', '#d6acff', '#ff92df', '#a4ffff', '#ffffff',
      ]),
    },
  },
  {
    id: 'one-half-dark',
    name: 'One Half Dark',
    kind: 'dark',
    colors: {
      background: '#282c34',
      foreground: '#dcdfe4',
      cursor: '#a3b3cc',
      cursorAccent: '#282c34',
      selectionBackground: '#474e5d',
      // prettier-ignore
      ...ansi([
        '#282c34', '#e06c75', '#98c379', '#e5c07b', '#61afef', '#c678dd', '#56b6c2', '#dcdfe4',
        '#5a6374', '#e06c75', '#98c379', '#e5c07b', '#61afef', '#c678dd', '#56b6c2', '#dcdfe4',
      ]),
    },
  },
  {
    id: 'one-half-light',
    name: 'One Half Light',
    kind: 'light',
    colors: {
      background: '#fafafa',
      foreground: '#383a42',
      cursor: '#bfceff',
      cursorAccent: '#383a42',
      selectionBackground: '#bfceff',
      // prettier-ignore
      ...ansi([
        '#383a42', '#e45649', '#50a14f', '#c18401', '#0184bc', '#a626a4', '#0997b3', '#fafafa',
        '#4f525e', '#e06c75', '#98c379', '#e5c07b', '#61afef', '#c678dd', '#56b6c2', '#ffffff',
      ]),
    },
  },
  {
    id: 'gruvbox-dark',
    name: 'Gruvbox Dark',
    kind: 'dark',
    colors: {
      background: '#282828',
      foreground: '#ebdbb2',
      cursor: '#ebdbb2',
      cursorAccent: '#282828',
      selectionBackground: '#665c54',
      // prettier-ignore
      ...ansi([
        '#282828', '#cc241d', '#98971a', '#d79921', '#458588', '#b16286', '#689d6a', '#a89984',
        '#928374', '#fb4934', '#b8bb26', '#fabd2f', '#83a598', '#d3869b', '#8ec07c', '#ebdbb2',
      ]),
    },
  },
  {
    id: 'tomorrow-night',
    name: 'Tomorrow Night',
    kind: 'dark',
    colors: {
      background: '#1d1f21',
      foreground: '#c5c8c6',
      cursor: '#c5c8c6',
      cursorAccent: '#1d1f21',
      selectionBackground: '#373b41',
      // prettier-ignore
      ...ansi([
        '#282a2e', '#cc6666', '#b5bd68', '#f0c674', '#81a2be', '#b294bb', '#8abeb7', '#c5c8c6',
        '#969896', '#cc6666', '#b5bd68', '#f0c674', '#81a2be', '#b294bb', '#8abeb7', '#ffffff',
      ]),
    },
  },
];

/** The scheme id that follows the theme: Contexterm Dark or Light, as the window is. */
export const SYSTEM_SCHEME = 'system';

export interface ResolvedScheme {
  readonly id: string;
  readonly name: string;
  readonly colors: SchemeColors;
}

const byId = new Map(BUILTIN_SCHEMES.map((scheme) => [scheme.id, scheme]));

/**
 * The colours a terminal uses: the chosen scheme, or Contexterm's own for `system` and for an id
 * that no longer exists (an imported scheme removed in another window).
 */
export const resolveScheme = (id: string, custom: readonly CustomScheme[], resolvedTheme: 'light' | 'dark'): ResolvedScheme => {
  const found = id === SYSTEM_SCHEME ? undefined : (byId.get(id) ?? custom.find((scheme) => scheme.id === id));
  return found ?? byId.get(resolvedTheme === 'light' ? 'contexterm-light' : 'contexterm-dark')!;
};
