// SPDX-License-Identifier: MIT
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CompletionItem } from '../../shared/ipc/session';
import { useWorkspace } from '../state/workspace';
import { terminalOfKey } from '../terminal/terminal-key-target';
import { controllerFor } from '../terminal/terminals';
import { acceptCompletion, closeCompletion, completionOpensIn, moveCompletion, noteTypedAhead, openCompletion } from './completion-actions';
import { useCompletion } from './completion-state';
import './completion.css';

const MENU_WIDTH = 420;
const MENU_HEIGHT = 260;
const LIST_ID = 'completion-list';

/** Under the cursor's cell, or above it when the prompt is near the bottom; kept inside the terminal. */
const placeAtCursor = (terminalId: string): { left: number; top: number } | undefined => {
  const controller = controllerFor(terminalId);
  const term = controller?.term;
  const screen = term?.element?.querySelector('.xterm-screen') ?? term?.element;
  const snapshot = controller?.promptInput.snapshot();
  if (!term || !screen || !snapshot) return undefined;
  const rect = screen.getBoundingClientRect();
  const cellHeight = rect.height / Math.max(1, term.rows);
  const cellWidth = rect.width / Math.max(1, term.cols);
  const row = Math.min(term.rows - 1, Math.max(0, snapshot.cursorRow - term.buffer.active.viewportY));
  const below = rect.top + (row + 1) * cellHeight;
  const top = below + MENU_HEIGHT <= window.innerHeight ? below : Math.max(0, rect.top + row * cellHeight - MENU_HEIGHT);
  const left = Math.max(0, Math.min(rect.left + snapshot.cursorCol * cellWidth, window.innerWidth - MENU_WIDTH - 8));
  return { left, top };
};

const KIND_LABELS: Readonly<Record<CompletionItem['kind'], string>> = {
  program: 'program',
  subcommand: 'command',
  option: 'option',
  argument: 'value',
  folder: 'folder',
  file: 'file',
  history: 'used before',
};

const EMPTY: Readonly<Record<string, string>> = {
  remote: 'No completions in a remote shell: they are read from this machine.',
  'no-terminal': 'This terminal is closed.',
  failed: 'Completions could not be listed.',
};

/** The menu's own keys: what each does. */
export type MenuKey = 'next' | 'previous' | 'page-down' | 'page-up' | 'accept' | 'close';

const MENU_KEYS: Readonly<Record<MenuKey, () => void>> = {
  next: () => moveCompletion(1),
  previous: () => moveCompletion(-1),
  'page-down': () => moveCompletion(8),
  'page-up': () => moveCompletion(-8),
  accept: () => void acceptCompletion(),
  close: () => closeCompletion(),
};

/** How a key press reads in the user's bindings (renderer/keybindings.ts, which this folder may not import). */
export interface CompletionKeys {
  /** The menu's key it is, while the menu is open (Settings → Keys, `completionMenuOpen`). */
  readonly menu: (event: KeyboardEvent) => MenuKey | undefined;
  /** Whether it is "Complete at the prompt" (Ctrl+Space by default, `atPrompt`). */
  readonly opens: (event: KeyboardEvent) => boolean;
}

/**
 * The completion menu (`completion-menu`): "Complete at the prompt" (Ctrl+Space unless rebound in
 * Settings → Keys), taken here before xterm (which would send NUL) only at a prompt it can read, or the palette. The keyboard stays in the terminal: typing goes to the
 * shell and filters the menu; ↑/↓ move, Enter or Tab insert the selected item (not run), Esc closes.
 */
export const CompletionMenu = ({ keys }: { keys: CompletionKeys }) => {
  const terminalId = useCompletion((s) => s.terminalId);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const open = useCompletion.getState().terminalId;
      const inMenuTerminal = open !== null && terminalOfKey(event.target) === open;
      const key = inMenuTerminal ? keys.menu(event) : undefined;
      const handled = key ? MENU_KEYS[key] : undefined;
      // A key that goes on to the shell (a character, Backspace): the screen is behind until it echoes.
      if (inMenuTerminal && !handled && (event.key.length === 1 || event.key === 'Backspace')) noteTypedAhead();
      const target = handled || !keys.opens(event) ? undefined : terminalOfKey(event.target);
      if (!handled && !(target && completionOpensIn(target))) return;
      event.preventDefault();
      event.stopPropagation();
      if (handled) handled();
      else openCompletion(target);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [keys]);
  // Its terminal closed (in any window), or the page's focus moved elsewhere: nothing to insert into.
  const open = useWorkspace((s) => terminalId !== null && s.terminals.some((t) => t.id === terminalId));
  useEffect(() => {
    if (terminalId !== null && !open) closeCompletion(false);
  }, [terminalId, open]);
  return terminalId === null ? null : <Menu key={terminalId} terminalId={terminalId} />;
};

const Menu = ({ terminalId }: { terminalId: string }) => {
  const { shown, selected, loading, unavailable, word } = useCompletion();
  const list = useRef<HTMLUListElement>(null);
  const [place, setPlace] = useState(() => placeAtCursor(terminalId));
  // The menu follows the cursor as the user types.
  useLayoutEffect(() => setPlace(placeAtCursor(terminalId)), [terminalId, word]);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selected, shown]);
  // Screen readers follow the selection from the terminal's own input, which keeps the focus.
  const active = shown[selected] ? `completion-item-${selected}` : undefined;
  useEffect(() => {
    const textarea = controllerFor(terminalId)?.term.textarea;
    if (!textarea) return;
    textarea.setAttribute('aria-controls', LIST_ID);
    textarea.setAttribute('aria-expanded', 'true');
    if (active) textarea.setAttribute('aria-activedescendant', active);
    else textarea.removeAttribute('aria-activedescendant');
    // The keyboard left the terminal (a click elsewhere): the menu's keys would go astray.
    const blurred = () => closeCompletion(false);
    textarea.addEventListener('blur', blurred);
    return () => {
      textarea.removeEventListener('blur', blurred);
      ['aria-controls', 'aria-expanded', 'aria-activedescendant'].forEach((name) => textarea.removeAttribute(name));
    };
  }, [terminalId, active]);

  const empty = loading ? 'Listing…' : unavailable ? EMPTY[unavailable] : 'No completions.';
  return (
    <div
      className="completion-menu"
      data-testid="completion-menu"
      data-terminal-id={terminalId}
      data-loading={loading}
      style={place ?? { left: 16, top: 48 }}
    >
      <ul ref={list} id={LIST_ID} role="listbox" aria-label="Completions" className="completion-list">
        {shown.map((item, index) => (
          <li
            key={`${item.kind}:${item.text}`}
            id={`completion-item-${index}`}
            role="option"
            aria-selected={index === selected}
            data-testid="completion-item"
            data-text={item.text}
            data-kind={item.kind}
            className="completion-item"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void acceptCompletion(index)}
          >
            <span className="completion-text">{item.text}</span>
            <span className="completion-kind">{KIND_LABELS[item.kind]}</span>
            {item.description && <span className="completion-description">{item.description}</span>}
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <div className="completion-empty" data-testid="completion-empty" role="status">
          {empty}
        </div>
      )}
      <div className="completion-keys" aria-hidden="true">
        <kbd>Enter</kbd>/<kbd>Tab</kbd> insert · <kbd>↑</kbd>/<kbd>↓</kbd> move · <kbd>Esc</kbd> close
      </div>
    </div>
  );
};
