// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { useSettings } from '../state/settings';
import { sessionOfCommandId } from '../state/forgotten';
import { useWorkspace, visibleTerminals } from '../state/workspace';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { api, connection } from '../transport/api';
import { noteText, noticeFor } from './decide';
import { useDoneMarks } from './done-marks';
import { pagePermission } from './notifications-form';

/** Commands already noticed: an ended command can be reported again (a re-sent update). */
const REMEMBERED = 500;

/** Visible and focused: not minimized, not behind another window, not a hidden browser tab. */
const windowActive = (): boolean => document.visibilityState === 'visible' && document.hasFocus();

/** The terminal a session runs in. */
const terminalOf = (sessionId: string): string | undefined =>
  useWorkspace.getState().terminals.find((terminal) => terminal.sessionId === sessionId)?.id;

/** The terminals on screen: the active tab's. */
/** On screen: every pane of the active tab (the zoomed one alone when zoomed). */
const shownTerminals = (): string[] => visibleTerminals();

/** A click on a notification: bring the window forward and show the tab the command ran in. */
const showCommand = (commandId: string) => {
  window.focus();
  const terminalId = terminalOf(sessionOfCommandId(commandId));
  if (terminalId) useWorkspace.getState().activate(terminalId);
  focusActiveTerminal();
};

/** Browser mode: the page's own notification, when the user allowed them for this site. */
const pageNotification = (title: string, body: string, tag: string) => {
  if (pagePermission() !== 'granted') return;
  try {
    const note = new Notification(title, { body, tag });
    note.onclick = () => {
      showCommand(tag);
      note.close();
    };
  } catch {
    // Some browsers only show notifications from a service worker: the tab mark has to do.
  }
};

const raise = (command: CommandRecord) => {
  const { title, body } = noteText(command);
  if (connection.host === 'electron') api.send('app:notify', { title, body, tag: command.id });
  else pageNotification(title, body, command.id);
};

/**
 * "Notice when work finishes": watches commands end (commands:updated) and marks the tab of a long
 * one the user did not see end, raising a notification if the window is in the background (see
 * decide.ts). A tab's mark goes when the tab is shown in an active window. Returns the stop.
 */
export const startNotify = (): (() => void) => {
  const noticed = new Set<string>();
  const offCommands = api.on('commands:updated', ({ command }) => {
    if (command.endedAt === null || noticed.has(command.id)) return;
    noticed.add(command.id);
    if (noticed.size > REMEMBERED) noticed.delete(noticed.values().next().value!);
    const terminalId = terminalOf(command.sessionId);
    if (!terminalId) return;
    const sight = { terminalShown: shownTerminals().includes(terminalId), windowActive: windowActive() };
    const notice = noticeFor(command, sight, useSettings.getState().view?.notifications);
    if (notice.mark) useDoneMarks.getState().mark(terminalId, { exitCode: command.exitCode, commandLine: command.commandLine });
    if (notice.notify) raise(command);
  });
  const offClicked = api.on('app:notification-clicked', ({ tag }) => showCommand(tag));
  const offTabs = useWorkspace.subscribe((state, previous) => {
    // Choosing a tab is looking at it, whatever the window's focus says at that moment.
    if (state.activeTerminalId !== previous.activeTerminalId && state.activeTerminalId)
      useDoneMarks.getState().clear([state.activeTerminalId]);
    if (state.terminals !== previous.terminals) useDoneMarks.getState().keepOnly(state.terminals.map((terminal) => terminal.id));
  });
  const looked = () => {
    if (windowActive()) useDoneMarks.getState().clear(shownTerminals());
  };
  window.addEventListener('focus', looked);
  document.addEventListener('visibilitychange', looked);
  return () => {
    offCommands();
    offClicked();
    offTabs();
    window.removeEventListener('focus', looked);
    document.removeEventListener('visibilitychange', looked);
  };
};
