// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { MenuAction } from '../layout/menu';
import { offersQuickFix } from '../quick-fix/quick-fix-logic';

/** What the actions of a command do; the menu's owner provides them (clipboard, store, dialogs). */
export interface CommandActionHandlers {
  readonly openOutput: (command: CommandRecord) => void;
  readonly copyCommand: (command: CommandRecord) => void;
  readonly copyOutput: (command: CommandRecord) => void;
  readonly copyBoth: (command: CommandRecord) => void;
  readonly rerun: (command: CommandRecord) => void;
  readonly attach: (command: CommandRecord) => void;
  readonly explain: (command: CommandRecord) => void;
  readonly quickFix: (command: CommandRecord) => void;
  readonly forget: (command: CommandRecord) => void;
  readonly forgetSession: (command: CommandRecord) => void;
}

const failed = (command: CommandRecord): boolean => command.endedAt !== null && command.exitCode !== null && command.exitCode !== 0;

/**
 * The actions of one command, in menu order. A list of descriptors, so more are an entry here and
 * a handler, not new markup. The same list serves the ⋯ button, a row's context menu and a gutter
 * mark's. "Explain this failure" is only there for a command that exited non-zero, "Quick fixes…"
 * for one a fix may help (quick-fix-logic.ts offersQuickFix).
 */
export const commandActions = (command: CommandRecord, on: CommandActionHandlers): MenuAction[] => {
  const recorded = !!command.commandLine?.trim();
  const actions: MenuAction[] = [
    {
      id: 'open-output',
      label: 'Open full output',
      testId: 'command-open-output',
      hint: 'Every line it printed, read from history (not limited by the scrollback), with colours and find',
      run: () => on.openOutput(command),
    },
    {
      id: 'copy-command',
      label: 'Copy command',
      testId: 'command-copy',
      disabled: !recorded,
      hint: recorded ? 'Copy the command line to the clipboard' : 'The command line was not recorded',
      run: () => on.copyCommand(command),
    },
    {
      id: 'copy-output',
      label: 'Copy output',
      testId: 'command-copy-output',
      hint: 'Copy everything it printed, as plain text, to the clipboard',
      run: () => on.copyOutput(command),
    },
    {
      id: 'copy-both',
      label: 'Copy command and output',
      testId: 'command-copy-both',
      hint: 'Copy “$ command” and its output, as plain text',
      run: () => on.copyBoth(command),
    },
    {
      id: 'rerun',
      label: 'Rerun',
      testId: 'command-rerun',
      disabled: !recorded,
      hint: recorded
        ? 'Type it into its terminal if that one is at a prompt, otherwise run it in a new tab in its directory'
        : 'The command line was not recorded',
      run: () => on.rerun(command),
    },
    {
      id: 'attach',
      label: 'Attach to assistant',
      testId: 'command-attach',
      hint: 'Send its output along with the next question',
      run: () => on.attach(command),
    },
  ];
  if (offersQuickFix(command)) {
    actions.push({
      id: 'quick-fix',
      label: 'Quick fixes…',
      testId: 'quick-fix',
      hint: 'What worked after this failed before, to put at the prompt; or ask the assistant',
      run: () => on.quickFix(command),
    });
  }
  if (failed(command)) {
    actions.push({
      id: 'explain',
      label: 'Explain this failure',
      testId: 'command-explain',
      hint: 'Attach it and ask the assistant why it failed',
      run: () => on.explain(command),
    });
  }
  actions.push(
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
  );
  return actions;
};
