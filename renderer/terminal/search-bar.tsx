// SPDX-License-Identifier: MIT
import { useEffect, useRef, useState } from 'react';
import { controllerFor } from './terminals';

const DECORATIONS = {
  matchBackground: '#5e4b1f',
  activeMatchBackground: '#b58900',
  matchOverviewRuler: '#b58900',
  activeMatchColorOverviewRuler: '#ffd75f',
};

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
    const search = controllerFor(id)?.search;
    if (!search) return;
    const options = { decorations: DECORATIONS, incremental: false };
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
