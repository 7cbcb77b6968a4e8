// SPDX-License-Identifier: MIT
import { useEffect, useMemo } from 'react';
import { scrollMatchClearOf } from '../find/clear-of-bar';
import { FindBar, type FindBarLook } from '../find/find-bar';
import { searchOf } from '../find/terminal-search';
import { controllerFor } from './terminals';

const LOOK: FindBarLook = {
  className: 'search-bar',
  inputLabel: 'Find in terminal',
  placeholder: 'Find',
  testIds: {
    input: 'find-input',
    caseSensitive: 'find-case',
    wholeWord: 'find-word',
    regex: 'find-regex',
    count: 'find-count',
    previous: 'find-previous',
    next: 'find-next',
  },
};

/**
 * Find in a terminal's scrollback (Ctrl+Shift+F), drawn inside its pane (pane-layout.tsx). Escape
 * closes it and gives the keyboard back to the terminal; its matches go with it.
 */
export const TerminalFindBar = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const target = useMemo(() => {
    const controller = controllerFor(id);
    return controller && { search: searchOf(controller.term), theme: () => controller.term.options.theme };
  }, [id]);

  useEffect(() => () => target?.search.clearDecorations(), [target]);

  // Each new current match is moved out from under the bar (once the addon selected and scrolled to it).
  useEffect(() => {
    const controller = controllerFor(id);
    if (!target || !controller) return;
    let frame = 0;
    const subscription = target.search.onDidChangeResults(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const bar = document.querySelector(`[data-testid="pane"][data-session-id="${CSS.escape(id)}"] .search-bar`);
        if (bar) scrollMatchClearOf(controller.term, bar);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      subscription.dispose();
    };
  }, [id, target]);

  return (
    <FindBar
      target={target}
      look={LOOK}
      onEscape={() => {
        onClose();
        controllerFor(id)?.focus();
      }}
      onClose={onClose}
    />
  );
};
