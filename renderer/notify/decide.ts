// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { displayLine } from '../../shared/text/display-text';
import { DEFAULT_NOTIFICATIONS, MAX_NOTE_BODY, MAX_NOTE_TITLE, type NotificationSettings } from '../../shared/ipc/notifications';
import { formatDuration } from '../commands/format';

/** What the user could see when a command ended. */
export interface Sight {
  /** Its terminal is on screen: in the active tab. */
  readonly terminalShown: boolean;
  /** The window is visible and has the focus (not minimized, not behind another app, not a hidden browser tab). */
  readonly windowActive: boolean;
}

export interface Notice {
  /** Mark its tab ✓ / ✗ until the tab is looked at. */
  readonly mark: boolean;
  /** Raise a notification (system or page). */
  readonly notify: boolean;
}

const NO_NOTICE: Notice = { mark: false, notify: false };

type Finished = Pick<CommandRecord, 'startedAt' | 'endedAt'>;

/**
 * Whether a command update is worth a notice: it ended, it ran at least `minSeconds`, and it ended
 * where the user was not looking (another tab, or a window in the background). A notification is
 * raised only for a window in the background, or with `whenFocused` also for another tab.
 */
export const noticeFor = (command: Finished, sight: Sight, settings: NotificationSettings = DEFAULT_NOTIFICATIONS): Notice => {
  if (!settings.enabled || command.endedAt === null) return NO_NOTICE;
  if (command.endedAt - command.startedAt < settings.minSeconds * 1000) return NO_NOTICE;
  if (sight.terminalShown && sight.windowActive) return NO_NOTICE;
  return { mark: true, notify: !sight.windowActive || settings.whenFocused };
};

/** ✓ for exit status 0; ✗ for anything else, an unknown status included. */
const succeeded = (command: Pick<CommandRecord, 'exitCode'>): boolean => command.exitCode === 0;

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * A notification's text: the command line as the title, how it ended and where as the body. Both
 * are recorded text a remote host may have chosen: their controls show as pictures.
 */
export const noteText = (
  command: Pick<CommandRecord, 'commandLine' | 'startedAt' | 'endedAt' | 'exitCode' | 'cwd'>,
): { title: string; body: string } => {
  const line = displayLine((command.commandLine ?? '').replace(/\s+/g, ' ').trim()) || 'A command';
  const took = command.endedAt === null ? '' : ` after ${formatDuration(command.endedAt - command.startedAt)}`;
  const outcome = succeeded(command)
    ? `Finished${took}`
    : command.exitCode === null
      ? `Ended without an exit status${took}`
      : `Failed with exit code ${command.exitCode}${took}`;
  return {
    title: clip(`${succeeded(command) ? '✓' : '✗'} ${line}`, MAX_NOTE_TITLE),
    body: clip(command.cwd ? `${outcome} · ${displayLine(command.cwd)}` : outcome, MAX_NOTE_BODY),
  };
};
