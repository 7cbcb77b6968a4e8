// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import { displayLine } from '../../shared/text/display-text';
import { Menu, type MenuAction } from '../layout/menu';
import { useCommands } from '../state/commands';
import { leaves } from '../state/pane-tree';
import { tabOf, useWorkspace } from '../state/workspace';
import { openCommandMenu } from './command-decorations';
import { controllerFor } from './terminals';

/** The app actions the menu offers (ids of the action registry, which terminal/ does not import). */
export type TerminalMenuAction =
  'copy' | 'paste' | 'select-all' | 'clear' | 'pane-split-right' | 'pane-split-down' | 'pane-zoom' | 'tab-close' | 'find';

export interface TerminalMenuProps {
  readonly run: (id: TerminalMenuAction) => void;
  /** The shortcut shown as an item's hint ('' for none). */
  readonly shortcut: (id: TerminalMenuAction) => string;
}

interface Request {
  readonly id: string;
  readonly at: { readonly x: number; readonly y: number };
  readonly hasSelection: boolean;
  /** The recorded command whose prompt or output was right-clicked. */
  readonly commandId: string | undefined;
}

const sessionOf = (commandId: string): string => commandId.slice(0, commandId.lastIndexOf(':'));

/** For a menu label: the recorded line with its controls as pictures (a remote host may have chosen it). */
const commandLineOf = (commandId: string): string | undefined =>
  displayLine(useCommands.getState().bySession[sessionOf(commandId)]?.find((c) => c.id === commandId)?.commandLine) ?? undefined;

const shorten = (text: string, max = 32): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The terminal's right-click menu: clipboard, clear, split, find, and — on the prompt or output of
 * a recorded command — that command's actions. While a program reads the mouse itself (vim, tmux,
 * htop with mouse support) the right-click is the program's; Shift+right-click still opens this.
 */
export const TerminalMenu = ({ run, shortcut }: TerminalMenuProps) => {
  const [request, setRequest] = useState<Request | undefined>();

  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => {
      // Gutter marks open their own menu and stop the event before it gets here.
      const container = event.target instanceof Element ? event.target.closest<HTMLElement>('.terminal-container[data-pty-id]') : null;
      const id = container?.dataset.ptyId;
      const controller = id ? controllerFor(id) : undefined;
      if (!id || !controller || (controller.mouseTracking && !event.shiftKey)) return;
      event.preventDefault();
      if (useWorkspace.getState().activeTerminalId !== id) useWorkspace.getState().activate(id);
      const line = controller.lineAt(event.clientY);
      setRequest({
        id,
        at: { x: event.clientX, y: event.clientY },
        hasSelection: controller.term.hasSelection(),
        commandId: line === undefined ? undefined : controller.commandAt(line),
      });
    };
    document.addEventListener('contextmenu', onContextMenu);
    return () => document.removeEventListener('contextmenu', onContextMenu);
  }, []);

  if (!request) return null;
  const tab = tabOf(request.id);
  const panes = tab ? leaves(tab.root).length : 1;
  const zoomed = tab?.zoomed === request.id;
  const item = (id: TerminalMenuAction, label: string, testId: string, extra: Partial<MenuAction> = {}): MenuAction => {
    const keys = shortcut(id);
    return { id, label, testId, hint: keys || undefined, run: () => run(id), ...extra };
  };
  const actions: MenuAction[] = [
    item('copy', 'Copy', 'terminal-copy', request.hasSelection ? {} : { disabled: true, hint: 'Select text first' }),
    item('paste', 'Paste', 'terminal-paste'),
    item('select-all', 'Select all', 'terminal-select-all'),
    item('clear', 'Clear', 'terminal-clear', { hint: 'Empty the screen and the scrollback (the shell keeps running)' }),
    item('pane-split-right', 'Split right', 'terminal-split-right'),
    item('pane-split-down', 'Split down', 'terminal-split-down'),
    // The menu's pane is the right-clicked one: it was made the active pane above.
    item(
      'pane-zoom',
      zoomed ? 'Unzoom pane' : 'Zoom pane',
      'terminal-zoom-pane',
      panes > 1 ? {} : { disabled: true, hint: 'Split the tab first' },
    ),
    item('tab-close', 'Close pane', 'terminal-close-pane'),
    item('find', 'Find…', 'terminal-find'),
  ];
  const { commandId } = request;
  if (commandId) {
    const line = commandLineOf(commandId);
    const name = line ? `“${shorten(line)}”` : 'this command';
    actions.push(
      {
        id: 'command-attach',
        label: `Attach ${name} to assistant`,
        testId: 'terminal-command-attach',
        hint: 'Send its output along with the next question (as a click on its gutter mark)',
        run: () => controllerFor(request.id)?.clickCommand(commandId),
      },
      {
        id: 'command-actions',
        label: `Actions for ${name}…`,
        testId: 'terminal-command-actions',
        hint: 'Open its output, copy it, rerun it, forget it…',
        run: () => {
          const mark = document.querySelector<HTMLElement>(`.command-gutter[data-command-id="${CSS.escape(commandId)}"]`);
          openCommandMenu(commandId, request.at, mark ?? document.createElement('span'));
        },
      },
    );
  }
  return <Menu actions={actions} at={request.at} label="Terminal" testId="terminal-menu" onClose={() => setRequest(undefined)} />;
};
