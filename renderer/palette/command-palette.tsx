// SPDX-License-Identifier: MIT
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ActionId } from '../actions/catalog';
import { useBindings } from '../actions/bindings';
import { useSettings } from '../state/settings';
import { activeTerminalId } from '../state/workspace';
import { isMac } from '../terminal/link-routing';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { controllerFor } from '../terminal/terminals';
import { filterEntries, paletteEntries, type PaletteEntry } from './palette-filter';
import { usePalette } from '../state/palette';
import './palette.css';

export interface CommandPaletteProps {
  readonly run: (id: ActionId, arg?: string) => void;
}

/** The command palette (Ctrl+Shift+P): every action with its shortcut, filtered as you type. */
export const CommandPalette = ({ run }: CommandPaletteProps) => {
  const open = usePalette((state) => state.open);
  return open ? <Palette run={run} /> : null;
};

const Palette = ({ run }: CommandPaletteProps) => {
  const bindings = useBindings();
  const profiles = useSettings((state) => state.view?.profiles);
  const entries = useMemo(() => paletteEntries(bindings, profiles, isMac()), [bindings, profiles]);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const shown = useMemo(() => filterEntries(entries, query), [entries, query]);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const current = Math.min(index, shown.length - 1);

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current, shown]);

  /** Escape, a click outside: back to the terminal the palette was opened over. */
  const dismiss = () => {
    usePalette.getState().hide();
    focusActiveTerminal();
  };

  const choose = (entry: PaletteEntry | undefined) => {
    if (!entry) return;
    usePalette.getState().hide();
    // The terminal first, so what the action opens (find, settings, a menu) returns there.
    const id = activeTerminalId();
    if (id) controllerFor(id)?.focus();
    run(entry.action, entry.arg);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (to: number) => {
      event.preventDefault();
      if (shown.length > 0) setIndex((to + shown.length) % shown.length);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(current + 1);
      case 'ArrowUp':
        return move(current - 1);
      case 'PageDown':
        return move(Math.min(shown.length - 1, current + 8));
      case 'PageUp':
        return move(Math.max(0, current - 8));
      case 'Enter':
        event.preventDefault();
        return choose(shown[current]);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return dismiss();
      case 'Tab':
        return event.preventDefault();
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="palette-backdrop" onMouseDown={(event) => event.target === event.currentTarget && dismiss()}>
      <div className="palette" role="dialog" aria-modal="true" aria-label="Command palette" data-testid="command-palette">
        <input
          ref={input}
          className="palette-input"
          data-testid="palette-input"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-autocomplete="list"
          aria-label="Type a command"
          placeholder="Type a command…"
          spellCheck={false}
          autoComplete="off"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setIndex(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul ref={list} id={listId} className="palette-list" role="listbox" aria-label="Commands">
          {shown.map((entry, i) => (
            <li
              key={entry.key}
              id={optionId(i)}
              className="palette-item"
              role="option"
              aria-selected={i === current}
              data-testid="palette-item"
              data-action-id={entry.action}
              onMouseMove={() => i !== current && setIndex(i)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(entry)}
            >
              <span className="palette-title">{entry.title}</span>
              {entry.shortcut && (
                <kbd className="palette-shortcut" data-testid="palette-shortcut">
                  {entry.shortcut}
                </kbd>
              )}
            </li>
          ))}
        </ul>
        {shown.length === 0 && (
          <p className="palette-empty" role="status">
            No command matches “{query}”
          </p>
        )}
      </div>
    </div>
  );
};
