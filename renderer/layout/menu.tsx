// SPDX-License-Identifier: MIT
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import './menu.css';

/** One entry of a menu. Menus are built from lists of these, so features add actions without new markup. */
export interface MenuAction {
  readonly id: string;
  readonly label: string;
  readonly testId?: string;
  /** Shown as the item's tooltip: what the action does, or why it is disabled. */
  readonly hint?: string;
  readonly danger?: boolean;
  readonly disabled?: boolean;
  readonly run: () => void;
}

export interface MenuProps {
  readonly actions: readonly MenuAction[];
  /** Viewport coordinates of the menu's top-left corner, or top-right with `align: 'end'` (it moves in when it would overflow). */
  readonly at: { readonly x: number; readonly y: number };
  readonly align?: 'start' | 'end';
  readonly label: string;
  readonly testId?: string;
  /** The button that toggles the menu: a press on it is not an outside click (it closes by itself). */
  readonly opener?: Element | null;
  readonly onClose: () => void;
}

const EDGE = 4;

/** The corner that keeps a menu of `size` inside the viewport, as near to `at` as possible. */
export const placeMenu = (
  at: { x: number; y: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  align: 'start' | 'end' = 'start',
): { left: number; top: number } => ({
  left: Math.max(EDGE, Math.min(align === 'end' ? at.x - size.width : at.x, viewport.width - size.width - EDGE)),
  top: Math.max(EDGE, Math.min(at.y, viewport.height - size.height - EDGE)),
});

// The menu lives in a portal, but React still bubbles its events to the component that opened it
// (a tab, a command row): they must not also select, rename or attach what is under the menu.
const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * What every popup menu does while open: a mouse-down outside it (and outside its opener, which
 * toggles it itself), a resize or the window losing focus closes it; on close the focus goes back
 * to where the user was, unless an action moved it on purpose (a dialog, a field).
 */
export const useMenuDismiss = (
  root: RefObject<HTMLElement | null>,
  opener: RefObject<Element | null | undefined>,
  close: RefObject<() => void>,
): void => {
  useEffect(() => {
    const focused = document.activeElement as HTMLElement | null;
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (!root.current?.contains(target) && !opener.current?.contains(target)) close.current();
    };
    const dismiss = () => close.current();
    // Not on scroll: a terminal printing behind the menu scrolls all the time.
    document.addEventListener('mousedown', outside, true);
    window.addEventListener('resize', dismiss);
    window.addEventListener('blur', dismiss);
    return () => {
      document.removeEventListener('mousedown', outside, true);
      window.removeEventListener('resize', dismiss);
      window.removeEventListener('blur', dismiss);
      if (!document.activeElement || document.activeElement === document.body) focused?.focus?.();
    };
  }, [root, opener, close]);
};

/**
 * A popup menu (WAI-ARIA menu pattern): the first item takes the focus, arrow keys, Home and End
 * move it, Escape or Tab closes and gives the focus back, and so does a click anywhere else.
 */
export const Menu = ({ actions, at, align = 'start', label, testId, opener, onClose }: MenuProps) => {
  const root = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | undefined>();
  const close = useRef(onClose);
  close.current = onClose;
  const toggle = useRef(opener);
  toggle.current = opener;

  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    setPlace(placeMenu(at, box, { width: window.innerWidth, height: window.innerHeight }, align));
  }, [at, align]);

  useMenuDismiss(root, toggle, close);

  // Once placed (a hidden element cannot take the focus), and only once: not again when it moves.
  const placed = place !== undefined;
  useLayoutEffect(() => {
    if (placed) root.current?.querySelector<HTMLElement>('[role="menuitem"]:not(:disabled)')?.focus();
  }, [placed]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    const items = [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        return (event.preventDefault(), move(index + 1));
      case 'ArrowUp':
        return (event.preventDefault(), move(index < 0 ? -1 : index - 1));
      case 'Home':
        return (event.preventDefault(), move(0));
      case 'End':
        return (event.preventDefault(), move(-1));
      case 'Escape':
      case 'Tab':
        event.preventDefault();
        return close.current();
    }
  };

  return createPortal(
    <div
      ref={root}
      className="menu"
      role="menu"
      aria-label={label}
      data-testid={testId}
      // Measured at the corner first (its full width, not squeezed by the window edge), then placed.
      style={place ? { left: place.left, top: place.top } : { left: 0, top: 0, visibility: 'hidden' }}
      onKeyDown={onKeyDown}
      onClick={stop}
      onMouseDown={stop}
      onDoubleClick={stop}
      onContextMenu={(event) => (event.preventDefault(), event.stopPropagation())}
    >
      {actions.map((action) => (
        <button
          key={action.id}
          className={`menu-item${action.danger ? ' danger' : ''}`}
          role="menuitem"
          data-testid={action.testId}
          title={action.hint}
          disabled={action.disabled}
          onClick={() => {
            close.current();
            action.run();
          }}
        >
          {action.label}
        </button>
      ))}
    </div>,
    document.body,
  );
};
