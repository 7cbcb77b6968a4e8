// SPDX-License-Identifier: MIT
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useWorkspace } from '../state/workspace';
import { isCtrlLetter, terminalOfKey } from '../terminal/terminal-key-target';
import { controllerFor } from '../terminal/terminals';
import { api } from '../transport/api';
import {
  acceptHistoryResult,
  closeHistorySearch,
  ctrlROpensSearch,
  editHistoryQuery,
  nearHistoryEnd,
  openHistorySearch,
  refreshHistorySearch,
  selectHistoryResult,
  setHistoryTimeRange,
  toggleHistoryFilter,
} from './history-search-actions';
import { countText, filterForKey, TIME_RANGES, type TimeRange, type ToggleFilter } from './history-search-logic';
import { useHistorySearch } from './history-search-state';
import { HistoryResultRow } from './history-result-row';
import './history-search.css';

/** Over the terminal's screen, inset a little; the window's middle when the terminal is not laid out. */
const placeOver = (terminalId: string): { left: number; top: number; width: number; maxHeight: number } | undefined => {
  const element = controllerFor(terminalId)?.term.element;
  if (!element) return undefined;
  const rect = element.getBoundingClientRect();
  if (rect.width < 200 || rect.height < 120) return undefined;
  const width = Math.min(960, rect.width - 16);
  return { left: rect.left + (rect.width - width) / 2, top: rect.top + 8, width, maxHeight: rect.height - 16 };
};

const TOGGLES: readonly { filter: ToggleFilter; label: string; key: string }[] = [
  { filter: 'cwd', label: 'This directory', key: 'Alt+D' },
  { filter: 'session', label: 'This session', key: 'Alt+S' },
  { filter: 'host', label: 'This host', key: 'Alt+H' },
  { filter: 'failed', label: 'Failed only', key: 'Alt+F' },
];

/**
 * The history search (`history-search`): Ctrl+R in a terminal at an idle prompt of an integrated
 * shell (the key is captured here, before xterm), or the palette. Every recorded command of every
 * session, fuzzy-matched; Enter inserts the selected one at the prompt without running it,
 * Ctrl+Enter runs it, Esc closes. Leaving the overlay for another part of the page closes it too.
 */
export const HistorySearchOverlay = () => {
  const terminalId = useHistorySearch((s) => s.terminalId);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isCtrlLetter(event, 'KeyR')) return;
      const target = terminalOfKey(event.target);
      if (!target || !ctrlROpensSearch(target)) return;
      // Before xterm's own handler, which would send Ctrl+R (0x12) to the shell.
      event.preventDefault();
      event.stopPropagation();
      openHistorySearch(target);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  // Its terminal closed (in any window): nothing to insert into.
  const open = useWorkspace((s) => terminalId !== null && s.terminals.some((t) => t.id === terminalId));
  useEffect(() => {
    if (terminalId !== null && !open) closeHistorySearch(false);
  }, [terminalId, open]);
  return terminalId === null ? null : <Overlay key={terminalId} terminalId={terminalId} />;
};

const Overlay = ({ terminalId }: { terminalId: string }) => {
  const { query, filters, hits, total, totalExact, loadingMore, selected, searching, error, preview } = useHistorySearch();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [place, setPlace] = useState(() => placeOver(terminalId));
  const [now, setNow] = useState(() => Date.now());

  // Forgotten in any window while the overlay is open: it must not stay listed, nor be inserted.
  useEffect(() => api.on('history:forgotten', refreshHistorySearch), []);
  useLayoutEffect(() => {
    input.current?.focus();
    const follow = () => setPlace(placeOver(terminalId));
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, [terminalId]);
  // "3 min ago" from the moment the answer came.
  useEffect(() => setNow(Date.now()), [hits]);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selected, hits]);

  const onPick = useCallback((index: number, accept: boolean) => {
    selectHistoryResult(index);
    if (accept) void acceptHistoryResult(false);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const filter = filterForKey(event);
    const move = (delta: number) => selectHistoryResult(selected + delta);
    const keys: Record<string, (() => void) | undefined> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      PageDown: () => move(10),
      PageUp: () => move(-10),
      Escape: () => closeHistorySearch(),
    };
    let handled: (() => void) | undefined;
    if (filter) handled = () => toggleHistoryFilter(filter);
    else if (event.key === 'Enter' && !event.nativeEvent.isComposing && !event.shiftKey && !event.altKey && !event.metaKey)
      handled = () => void acceptHistoryResult(event.ctrlKey);
    // Ctrl+R again: the next result, as in the shell's own reverse search.
    else if (isCtrlLetter(event, 'KeyR')) handled = () => move(1);
    else if (!event.ctrlKey && !event.altKey && !event.metaKey) handled = keys[event.key];
    if (!handled) return;
    event.preventDefault();
    event.stopPropagation();
    handled();
  };

  // Leaving the overlay for another part of the page closes it; moving within it, or to another window, does not.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (document.hasFocus() && !event.currentTarget.contains(event.relatedTarget as Node | null)) closeHistorySearch(false);
  };

  const active = hits[selected];
  return (
    <div
      className="history-search"
      data-testid="history-search-overlay"
      data-terminal-id={terminalId}
      data-searching={searching}
      role="dialog"
      aria-label="Search command history"
      style={
        place
          ? { left: place.left, top: place.top, width: place.width, maxHeight: place.maxHeight }
          : { left: 16, top: 48, right: 16, bottom: 16 }
      }
      onBlur={onBlur}
    >
      <input
        ref={input}
        data-testid="history-search"
        value={query}
        maxLength={500}
        placeholder="Search every recorded command (fuzzy)"
        role="combobox"
        aria-label="Search command history"
        aria-expanded={hits.length > 0}
        aria-controls="history-results"
        aria-activedescendant={active ? `history-result-${selected}` : undefined}
        aria-busy={searching}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => editHistoryQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="history-search-filters" role="group" aria-label="Filters">
        {TOGGLES.map(({ filter, label, key }) => (
          <button
            key={filter}
            type="button"
            className="small"
            data-testid={`history-filter-${filter}`}
            aria-pressed={filters[filter]}
            aria-keyshortcuts={key}
            title={key}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => toggleHistoryFilter(filter)}
          >
            {label} <kbd>{key}</kbd>
          </button>
        ))}
        <select
          data-testid="history-filter-time"
          aria-label="Time range (Alt+T)"
          aria-keyshortcuts="Alt+T"
          title="Alt+T"
          value={filters.time}
          onChange={(event) => {
            setHistoryTimeRange(event.target.value as TimeRange);
            input.current?.focus();
          }}
        >
          {TIME_RANGES.map((range) => (
            <option key={range.id} value={range.id}>
              {range.label}
            </option>
          ))}
        </select>
        <span className="history-search-count" data-testid="history-count" data-total={total} aria-live="polite">
          {countText(total, totalExact)}
        </span>
      </div>
      <div className="history-search-body">
        <ul
          ref={list}
          id="history-results"
          className="history-search-results"
          role="listbox"
          aria-label="Commands"
          aria-busy={loadingMore}
          data-testid="history-results"
          onScroll={(event) => {
            // Within a few rows of the end of what is loaded: ask for the next page.
            const { scrollTop, clientHeight, scrollHeight } = event.currentTarget;
            if (scrollTop + clientHeight >= scrollHeight - 120) nearHistoryEnd(hits.length);
          }}
        >
          {hits.map((hit, index) => (
            <HistoryResultRow key={hit.command.id} hit={hit} index={index} selected={index === selected} now={now} onPick={onPick} />
          ))}
          {hits.length === 0 && !searching && (
            <li className="history-search-empty" data-testid="history-search-empty">
              {error ?? 'No recorded command matches.'}
            </li>
          )}
        </ul>
        <pre className="history-search-preview" data-testid="history-preview" aria-label="Output of the selected command">
          {preview.state === 'shown' && (preview.truncated ? `…\n${preview.text}` : preview.text || '(no output)')}
          {preview.state === 'loading' && '…'}
          {preview.state === 'failed' && preview.message}
        </pre>
      </div>
      {error && hits.length > 0 && (
        <div className="history-search-error" role="alert" data-testid="history-search-error">
          {error}
        </div>
      )}
      <div className="history-search-keys" aria-hidden="true">
        <kbd>Enter</kbd> insert (not run) · <kbd>Ctrl+Enter</kbd> run · <kbd>↑</kbd>/<kbd>↓</kbd> move · <kbd>Esc</kbd> close
      </div>
    </div>
  );
};
