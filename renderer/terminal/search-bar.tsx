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

/** Find in the active terminal's scrollback (Ctrl+Shift+F). Enter: next, Shift+Enter: previous. */
export const SearchBar = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{ index: number; count: number } | undefined>();

  useEffect(() => {
    input.current?.focus();
    const search = controllerFor(id)?.search;
    const subscription = search?.onDidChangeResults((r) => setResult({ index: r.resultIndex, count: r.resultCount }));
    return () => {
      subscription?.dispose();
      search?.clearDecorations();
    };
  }, [id]);

  const find = (forward: boolean, text = query) => {
    const controller = controllerFor(id);
    if (!controller) return;
    const { search } = controller;
    // Read at each search, so matches found after a theme switch get that theme's colours.
    const options = { decorations: findDecorations(controller.term.options.theme), incremental: false };
    if (forward) search.findNext(text, options);
    else search.findPrevious(text, options);
  };

  return (
    <div className="search-bar" role="search">
      <input
        ref={input}
        aria-label="Find in terminal"
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
      <span className="search-count">
        {result && query ? (result.count === 0 ? 'No results' : `${result.index + 1} of ${result.count}`) : ''}
      </span>
      <button aria-label="Previous match" onClick={() => find(false)}>↑</button>
      <button aria-label="Next match" onClick={() => find(true)}>↓</button>
      <button aria-label="Close find" onClick={onClose}>×</button>
    </div>
  );
};
