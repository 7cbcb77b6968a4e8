// SPDX-License-Identifier: MIT
import type { ISearchDecorationOptions } from '@xterm/addon-search';
import type { ITheme } from '@xterm/xterm';
import { useEffect, useRef, useState } from 'react';
import { controllerFor } from './terminals';

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

const TOGGLES = [
  ['caseSensitive', 'Aa', 'Match case', 'find-case'],
  ['wholeWord', 'W', 'Whole word', 'find-word'],
  ['regex', '.*', 'Regular expression', 'find-regex'],
] as const;

/** Find in the active terminal's scrollback (Ctrl+Shift+F). Enter: next, Shift+Enter: previous. */
export const SearchBar = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{ index: number; count: number } | undefined>();
  const [options, setOptions] = useState<FindOptions>({ caseSensitive: false, wholeWord: false, regex: false });
  const problem = queryProblem(query, options);

  useEffect(() => {
    input.current?.focus();
    const search = controllerFor(id)?.search;
    const subscription = search?.onDidChangeResults((r) => setResult({ index: r.resultIndex, count: r.resultCount }));
    return () => {
      subscription?.dispose();
      search?.clearDecorations();
    };
  }, [id]);

  const find = (forward: boolean, text = query, how = options) => {
    const controller = controllerFor(id);
    if (!controller) return;
    const { search } = controller;
    // A broken regular expression would throw inside the addon: nothing is searched, the bar says why.
    if (queryProblem(text, how)) {
      search.clearDecorations();
      return setResult(undefined);
    }
    // Read at each search, so matches found after a theme switch get that theme's colours.
    const searchOptions = { ...how, decorations: findDecorations(controller.term.options.theme), incremental: false };
    if (forward) search.findNext(text, searchOptions);
    else search.findPrevious(text, searchOptions);
  };

  const toggle = (name: keyof FindOptions) => {
    const next = { ...options, [name]: !options[name] };
    setOptions(next);
    find(true, query, next);
    input.current?.focus();
  };

  return (
    <div className="search-bar" role="search">
      <input
        ref={input}
        aria-label="Find in terminal"
        data-testid="find-input"
        aria-invalid={problem !== undefined}
        placeholder="Find"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          find(true, event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') find(!event.shiftKey);
          if (event.key === 'Escape') {
            onClose();
            controllerFor(id)?.focus();
          }
        }}
      />
      {TOGGLES.map(([name, label, title, testId]) => (
        <button key={name} className="search-toggle" aria-label={title} title={title} aria-pressed={options[name]} data-testid={testId} onClick={() => toggle(name)}>
          {label}
        </button>
      ))}
      <span className={`search-count${problem ? ' invalid' : ''}`} data-testid="find-count" role="status" title={problem}>
        {problem ? 'Invalid regex' : result && query ? (result.count === 0 ? 'No results' : `${result.index + 1} of ${result.count}`) : ''}
      </span>
      <button aria-label="Previous match" onClick={() => find(false)}>↑</button>
      <button aria-label="Next match" onClick={() => find(true)}>↓</button>
      <button aria-label="Close find" onClick={onClose}>×</button>
    </div>
  );
};
