// SPDX-License-Identifier: MIT
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import type { CommandRecord } from '../../shared/domain/command';
import type { QuickFixItem } from '../../shared/ipc/commands';
import { displayLine } from '../../shared/text/display-text';
import { placeMenu, useMenuDismiss } from '../layout/menu';
import '../layout/menu.css';
import { insertFix, loadQuickFixes, type InsertOutcome } from './quick-fix-actions';
import { fixBasis } from './quick-fix-logic';
import './quick-fix.css';

/** Where a command's quick fixes were asked for: its row's lightbulb, its actions menu, or its gutter mark. */
export interface QuickFixRequest {
  readonly command: CommandRecord;
  readonly at: { readonly x: number; readonly y: number };
  readonly align: 'start' | 'end';
  readonly opener?: Element | null;
}

export interface QuickFixMenuProps {
  readonly request: QuickFixRequest;
  /** "Ask the assistant": attach the command and ask how to fix it (the owner knows how). */
  readonly onAsk: (command: CommandRecord) => void;
  /** A chosen fix was inserted or copied, or could not be: for the owner's notice. */
  readonly onChosen: (outcome: InsertOutcome | Error) => void;
  readonly onClose: () => void;
}

type Loaded = { state: 'loading' } | { state: 'ready'; fixes: readonly QuickFixItem[] } | { state: 'failed'; message: string };

// A portal's events still bubble to the React owner (a command row, whose click attaches it).
const stop = (event: SyntheticEvent) => event.stopPropagation();
const ITEMS = '[role="menuitem"]:not(:disabled)';

/**
 * The fixes offered for a failed command (WAI-ARIA menu: arrows, Home, End, Enter, Escape). Asks
 * main for them when it opens, not before: a list of failures costs no lookups. History fixes
 * first, as ranked, then "Ask the assistant". A fix goes to the prompt of the command's terminal
 * without running (insertFix).
 */
export const QuickFixMenu = ({ request, onAsk, onChosen, onClose }: QuickFixMenuProps) => {
  const { command, at, align, opener } = request;
  const root = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [place, setPlace] = useState<{ left: number; top: number } | undefined>();
  const close = useRef(onClose);
  close.current = onClose;
  const toggle = useRef(opener);
  toggle.current = opener;

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    loadQuickFixes(command.id).then(
      (fixes) => live && setLoaded({ state: 'ready', fixes }),
      (error: unknown) => live && setLoaded({ state: 'failed', message: (error as Error)?.message ?? String(error) }),
    );
    return () => {
      live = false;
    };
  }, [command.id]);

  // Placed again once the fixes are in: the list grew.
  useLayoutEffect(() => {
    const box = root.current?.getBoundingClientRect();
    if (box) setPlace(placeMenu(at, box, { width: window.innerWidth, height: window.innerHeight }, align));
  }, [at, align, loaded]);

  useMenuDismiss(root, toggle, close);

  // The menu holds the keyboard while it loads, then its first item does (unless the user moved on).
  const placed = place !== undefined;
  useLayoutEffect(() => {
    if (!placed || !root.current) return;
    const active = document.activeElement;
    if (root.current.contains(active) && active !== root.current) return;
    if (loaded.state === 'loading') root.current.focus();
    else root.current.querySelector<HTMLElement>(ITEMS)?.focus();
  }, [placed, loaded]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    const items = [...(root.current?.querySelectorAll<HTMLButtonElement>(ITEMS) ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index < 0 ? -1 : index - 1),
      Home: () => move(0),
      End: () => move(-1),
      Escape: () => close.current(),
      Tab: () => close.current(),
    };
    const act = keys[event.key];
    if (!act) return;
    event.preventDefault();
    act();
  };

  const choose = (line: string) => {
    close.current();
    insertFix(command, line).then(onChosen, (error: unknown) => onChosen(error instanceof Error ? error : new Error(String(error))));
  };

  const label = displayLine(command.commandLine) ?? 'this command';
  return createPortal(
    <div
      ref={root}
      className="menu quick-fix-menu"
      role="menu"
      tabIndex={-1}
      aria-label={`Quick fixes for ${label}`}
      aria-busy={loaded.state === 'loading'}
      data-testid="quick-fix-menu"
      data-state={loaded.state}
      style={place ? { left: place.left, top: place.top } : { left: 0, top: 0, visibility: 'hidden' }}
      onKeyDown={onKeyDown}
      onClick={stop}
      onMouseDown={stop}
      onDoubleClick={stop}
      onContextMenu={(event) => (event.preventDefault(), event.stopPropagation())}
    >
      {loaded.state === 'loading' && (
        <div className="quick-fix-note" role="none">
          Looking in your history…
        </div>
      )}
      {loaded.state === 'failed' && (
        <div className="quick-fix-note error" role="none">
          Could not read your history: {loaded.message}
        </div>
      )}
      {loaded.state === 'ready' && loaded.fixes.length === 0 && (
        <div className="quick-fix-note" role="none" data-testid="quick-fix-none">
          No fix from your history
        </div>
      )}
      {loaded.state === 'ready' && loaded.fixes.length > 0 && (
        <div className="quick-fix-note heading" role="none">
          From your history · goes to the prompt, not run
        </div>
      )}
      {loaded.state === 'ready' &&
        loaded.fixes.map((fix) => (
          <button
            key={fix.commandLine}
            className="menu-item quick-fix-item"
            role="menuitem"
            data-testid="quick-fix-item"
            data-command={fix.commandLine}
            data-source={fix.source}
            title="Puts it at the prompt; you press Enter"
            onClick={() => choose(fix.commandLine)}
          >
            <span className="quick-fix-line">{displayLine(fix.commandLine)}</span>
            <span className="quick-fix-basis">{fixBasis(fix, Date.now())}</span>
          </button>
        ))}
      <div className="quick-fix-separator" role="separator" />
      <button
        className="menu-item"
        role="menuitem"
        data-testid="quick-fix-ask"
        title="Attach the failed command and ask the assistant how to fix it"
        onClick={() => {
          close.current();
          onAsk(command);
        }}
      >
        <span className="quick-fix-ask-mark" aria-hidden="true">
          ✦
        </span>
        Ask the assistant
      </button>
    </div>,
    document.body,
  );
};
