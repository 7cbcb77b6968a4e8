// SPDX-License-Identifier: MIT
import type { ISearchDecorationOptions, ISearchOptions } from '@xterm/addon-search';
import type { ITheme } from '@xterm/xterm';

/**
 * Find in an xterm.js buffer, the one logic behind both find bars (a terminal pane's and the
 * output viewer's): what a query may be, how a search runs, how its result reads.
 */

/** The search addon stops highlighting (and counting) at this many matches; every xterm here uses it. */
export const FIND_HIGHLIGHT_LIMIT = 1000;

/** Shown in place of the count when the query is a broken regular expression (its detail is the tooltip). */
export const INVALID_REGEX = 'Invalid regex';

/**
 * Match colours per terminal theme. xterm keeps the text's own colour on a match, so each
 * background must stay readable under that theme's foreground (WCAG AA, 4.5:1): a dark amber under
 * the dark theme's light text, a pale yellow under the light theme's dark text. The active match
 * is a stronger shade with a border, so it stands out from the others without relying on hue.
 */
const DARK_DECORATIONS = {
  matchBackground: '#3f3412',
  activeMatchBackground: '#75590a',
  activeMatchBorder: '#ffd75f',
  matchOverviewRuler: '#b58900',
  activeMatchColorOverviewRuler: '#ffd75f',
} as const satisfies ISearchDecorationOptions;

const LIGHT_DECORATIONS = {
  matchBackground: '#f6d860',
  activeMatchBackground: '#f0a030',
  activeMatchBorder: '#9a6700',
  matchOverviewRuler: '#d4a72c',
  activeMatchColorOverviewRuler: '#bc4c00',
} as const satisfies ISearchDecorationOptions;

/** Relative luminance of `#rrggbb`; undefined for any other notation. */
const luminanceOf = (color: string | undefined): number | undefined => {
  const hex = color && /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return undefined;
  const [r, g, b] = [0, 2, 4]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** The match colours for the terminal's current theme, judged by its background (dark when unknown). */
export const findDecorations = (theme: ITheme | undefined): typeof DARK_DECORATIONS | typeof LIGHT_DECORATIONS =>
  (luminanceOf(theme?.background) ?? 0) > 0.5 ? LIGHT_DECORATIONS : DARK_DECORATIONS;

export interface FindOptions {
  readonly caseSensitive: boolean;
  readonly wholeWord: boolean;
  readonly regex: boolean;
}

export const NO_FIND_OPTIONS: FindOptions = { caseSensitive: false, wholeWord: false, regex: false };

/** Why a query cannot be searched for with these options (a broken regular expression), else undefined. */
export const queryProblem = (query: string, options: Pick<FindOptions, 'regex'>): string | undefined => {
  if (!options.regex || query === '') return undefined;
  try {
    new RegExp(query);
    return undefined;
  } catch (error) {
    const detail = (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '');
    return `Not a valid regular expression${detail ? `: ${detail}` : ''}`;
  }
};

/** The search addon's result: which match is active (-1 for none) of how many. */
export interface FindResult {
  readonly index: number;
  readonly count: number;
}

/** What the count says: "3 of 12", "– of 5" (none active), "1 of 1000+" (past the limit), or "No results". */
export const countText = (result: FindResult | undefined, query: string): string => {
  if (!query || !result) return '';
  if (result.count === 0) return 'No results';
  const index = result.index >= 0 ? String(result.index + 1) : '–';
  return `${index} of ${result.count >= FIND_HIGHLIGHT_LIMIT ? `${FIND_HIGHLIGHT_LIMIT}+` : result.count}`;
};

/** The parts of the search addon a search uses (a fake in tests). */
interface Searchable {
  findNext(term: string, options?: ISearchOptions): boolean;
  findPrevious(term: string, options?: ISearchOptions): boolean;
  clearDecorations(): void;
}

/** The buffer a find bar searches: its search addon and its theme now (matches take the theme's colours). */
export interface FindTarget {
  readonly search: Searchable;
  theme(): ITheme | undefined;
  /** Drops the selection a previous match left, when the query is emptied (the viewer's read-only buffer). */
  clearSelection?(): void;
}

/**
 * Runs one search: forward or back, `incremental` while typing (the match under the cursor stays).
 * An empty query clears the matches. A broken regular expression would throw inside the addon:
 * nothing is searched and the problem is answered instead, as is any other failure.
 */
export const runFind = (
  target: FindTarget,
  query: string,
  options: FindOptions,
  forward: boolean,
  incremental = false,
): string | undefined => {
  const { search } = target;
  if (!query) {
    search.clearDecorations();
    target.clearSelection?.();
    return undefined;
  }
  const problem = queryProblem(query, options);
  if (problem) {
    search.clearDecorations();
    return problem;
  }
  // Read at each search, so matches found after a theme switch get that theme's colours.
  const searchOptions: ISearchOptions = { ...options, incremental, decorations: findDecorations(target.theme()) };
  try {
    if (forward) search.findNext(query, searchOptions);
    else search.findPrevious(query, searchOptions);
    return undefined;
  } catch (error) {
    return (error as Error)?.message ?? String(error);
  }
};
