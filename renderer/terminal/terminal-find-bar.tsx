// SPDX-License-Identifier: MIT
import { useEffect, useMemo } from 'react';
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
