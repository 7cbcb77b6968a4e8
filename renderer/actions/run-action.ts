// SPDX-License-Identifier: MIT
import { hideAssistant, switchFocus } from '../assistant/pane-focus';
import { useAssistant } from '../assistant/store/assistant-store';
import { acceptCompletion, closeCompletion, moveCompletion, openCompletion } from '../completion/completion-actions';
import { openHistorySearch } from '../history-search/history-search-actions';
import { openInlineAsk } from '../inline-ask/inline-ask-actions';
import { focusPane, splitFocused, toggleZoom } from '../panes/pane-actions';
import { usePalette } from '../state/palette';
import { useCommands } from '../state/commands';
import { useLayout } from '../state/layout';
import { useSettings } from '../state/settings';
import { activeTerminalId, useWorkspace } from '../state/workspace';
import { openTabMenu } from '../tabs/tab-menu';
import { zoomFont } from '../terminal/font-zoom';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { suggestionOf } from '../terminal/suggest/inline-suggestion';
import { TERMINAL_DEFAULTS } from '../terminal/xterm/terminal-options';
import { controllerFor, openTerminal } from '../terminal/terminals';
import type { ActionId } from './catalog';

/** What actions need from the app shell: its error banner, its close confirmation, its find bar. */
export interface ActionContext {
  readonly report: (failure: unknown) => void;
  /** Closes terminals, asking first if one still runs something. */
  readonly requestClose: (ids: readonly string[]) => Promise<void>;
  readonly openFind: () => void;
}

/** `arg`: the profile of "New tab with profile" ('' = the shell). */
type Runner = (context: ActionContext, arg?: string) => void;

const active = () => {
  const id = activeTerminalId();
  return { id, controller: id ? controllerFor(id) : undefined };
};

const baseFontSize = (): number => useSettings.getState().view?.terminal.fontSize ?? TERMINAL_DEFAULTS.fontSize;

const jumpCommand = (direction: -1 | 1): void => {
  const commandId = active().controller?.jumpCommand(direction);
  if (commandId) useCommands.getState().select(commandId);
};

/** What every action does; a Record over the registry's ids, so none can be left without one. */
const RUNNERS: Readonly<Record<ActionId, Runner>> = {
  palette: () => usePalette.getState().toggle(),
  'tab-new': ({ report }) => void openTerminal().catch(report),
  'tab-new-private': ({ report }) => void openTerminal({ private: true }).catch(report),
  'tab-new-profile': ({ report }, profileId = '') => void openTerminal({ profileId }).catch(report),
  'tab-close': ({ report, requestClose }) => {
    const { id } = active();
    if (id) void requestClose([id]).catch(report);
  },
  'tab-next': () => useWorkspace.getState().cycleTabs(1),
  'tab-previous': () => useWorkspace.getState().cycleTabs(-1),
  'tab-menu': () => {
    const { id } = active();
    if (id) openTabMenu(id);
  },
  'pane-split-right': ({ report }) => void splitFocused('horizontal').catch(report),
  'pane-split-down': ({ report }) => void splitFocused('vertical').catch(report),
  'pane-zoom': () => toggleZoom(),
  'pane-focus-left': () => focusPane('left'),
  'pane-focus-right': () => focusPane('right'),
  'pane-focus-up': () => focusPane('up'),
  'pane-focus-down': () => focusPane('down'),
  copy: ({ report }) => {
    const selection = active().controller?.term.getSelection();
    if (selection) void navigator.clipboard.writeText(selection).catch(report);
  },
  paste: ({ report }) => {
    const { controller } = active();
    void navigator.clipboard
      .readText()
      .then((text) => controller?.insert(text, { title: 'Paste' }))
      .catch(report);
  },
  'select-all': () => {
    active().controller?.term.selectAll();
    focusActiveTerminal();
  },
  clear: () => {
    active().controller?.term.clear();
    focusActiveTerminal();
  },
  find: ({ openFind }) => openFind(),
  'command-previous': () => jumpCommand(-1),
  'command-next': () => jumpCommand(1),
  'assistant-toggle': () => {
    if (useAssistant.getState().open && useLayout.getState().sideOpen) return hideAssistant();
    useLayout.getState().setSideOpen(true);
    useAssistant.getState().setOpen(true);
    useAssistant.getState().requestFocus();
  },
  'side-toggle': () => {
    useLayout.getState().setSideOpen(!useLayout.getState().sideOpen);
    focusActiveTerminal();
  },
  'focus-switch': () => switchFocus(),
  'inline-ask': () => openInlineAsk(active().id),
  'history-search': () => openHistorySearch(active().id),
  'completion-open': () => openCompletion(active().id),
  // The menu's keys act in completion-menu.tsx (only while it is open); these serve any other caller.
  'completion-next': () => moveCompletion(1),
  'completion-previous': () => moveCompletion(-1),
  'completion-page-down': () => moveCompletion(8),
  'completion-page-up': () => moveCompletion(-8),
  'completion-accept': () => void acceptCompletion(),
  'completion-close': () => closeCompletion(),
  // Their keys act in suggestion-keys.ts (only while one is shown); these serve any other caller.
  'suggestion-accept': () => void suggestionOf(active().id ?? '')?.accept('all'),
  'suggestion-accept-word': () => void suggestionOf(active().id ?? '')?.accept('word'),
  'suggestion-hide': () => void suggestionOf(active().id ?? '')?.hide(),
  'settings-open': () => useSettings.getState().setPageOpen(true),
  'font-bigger': () => zoomFont(baseFontSize(), 1),
  'font-smaller': () => zoomFont(baseFontSize(), -1),
  'font-reset': () => zoomFont(baseFontSize(), 0),
};

/** Runs one action of the registry (keys, the palette, menus and buttons all come here). */
export const runAction = (id: ActionId, context: ActionContext, arg?: string): void => RUNNERS[id](context, arg);
