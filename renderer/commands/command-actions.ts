// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { MenuAction } from '../layout/menu';

/** What the actions of a command do; the panel provides them (clipboard, store, dialogs). */
export interface CommandActionHandlers {
  readonly copyCommand: (command: CommandRecord) => void;
  readonly forget: (command: CommandRecord) => void;
  readonly forgetSession: (command: CommandRecord) => void;
}

/**
 * The actions of one command, in menu order. A list of descriptors, so more (copy or open its
 * output, run it again) are an entry here and a handler, not new markup.
 */
export const commandActions = (command: CommandRecord, on: CommandActionHandlers): MenuAction[] => [
  {
    id: 'copy-command',
    label: 'Copy command',
    testId: 'command-copy',
    disabled: !command.commandLine,
    hint: command.commandLine ? 'Copy the command line to the clipboard' : 'The command line was not recorded',
    run: () => on.copyCommand(command),
  },
  {
    id: 'forget',
    label: 'Forget this command',
    testId: 'command-forget',
    danger: true,
    hint: 'Delete it for good: its output, its search entry and its attachments in conversations',
    run: () => on.forget(command),
  },
  {
    id: 'forget-session',
    label: 'Forget this session…',
    testId: 'command-forget-session',
    danger: true,
    hint: 'Delete every command of this terminal session, after asking',
    run: () => on.forgetSession(command),
  },
];
