// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { attachRecord } from '../assistant/composer/attach';
import { currentModel } from '../assistant/model/model-choice';
import { useAssistant } from '../assistant/store/assistant-store';
import { ask } from '../assistant/turn/turn-actions';
import { useCommands } from '../state/commands';
import { useLayout } from '../state/layout';
import { activeTerminalId, useWorkspace } from '../state/workspace';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { closeTerminal, controllerFor, isBusy, openTerminal } from '../terminal/terminals';
import { api } from '../transport/api';
import { rerunInput, rerunPlan } from './action-logic';

/** What the actions of a command do beyond the menu: copy its output, run it again, ask about it. */
/**
 * Copies a command's whole output (plain text, read from the store, not the scrollback), or its
 * command line and output. Rejects with a message fit for the user.
 */

/** Selects a command, shows it in its terminal and attaches it to the assistant (what a click on it does). */
export const selectAndAttach = (command: CommandRecord): void => {
  useCommands.getState().select(command.id);
  controllerFor(command.sessionId)?.revealCommand(command.id);
  attachRecord(command);
};

const EXPLAIN_QUESTION = 'Explain this failure';

/**
 * Attaches the command and asks the assistant `question` about it (default: to explain it), with
 * the model chosen in the pane. Without a model (or while an answer is streaming) the question
 * waits in the composer instead. A draft the user was writing is put back once the question went.
 */
export const explainFailure = async (
  command: CommandRecord,
  question: string = EXPLAIN_QUESTION,
): Promise<'asked' | 'no-model' | 'streaming'> => {
  selectAndAttach(command);
  useLayout.getState().setSideOpen(true);
  const assistant = useAssistant.getState();
  const previous = assistant.draft;
  const model = currentModel();
  if (!model || assistant.turn) {
    assistant.setDraft(previous.trim() ? `${previous.trimEnd()}\n${question}` : question);
    assistant.requestFocus();
    return model ? 'streaming' : 'no-model';
  }
  assistant.setDraft(question);
  await ask();
  const after = useAssistant.getState();
  if (previous.trim() && after.draft === '') after.setDraft(previous);
  return 'asked';
};

const PROMPT_WAIT_MS = 10_000;

/** Counts prompt marks per terminal, so a new tab's input waits for its shell to be ready. */
const watchPrompts = () => {
  const seen = new Map<string, number>();
  const exited = new Set<string>();
  const waiters = new Set<{ id: string; count: number; done: () => void }>();
  const wake = (id: string) => {
    for (const waiter of waiters) if (waiter.id === id && (exited.has(id) || (seen.get(id) ?? 0) >= waiter.count)) waiter.done();
  };
  const offMark = api.on('pty:mark', ({ id, kind }) => {
    if (kind !== 'prompt') return;
    seen.set(id, (seen.get(id) ?? 0) + 1);
    wake(id);
  });
  const offExit = api.on('pty:exit', ({ id }) => {
    exited.add(id);
    wake(id);
  });
  return {
    /** Resolves once `id` has shown `count` prompts or exited, or after a while anyway (a shell without marks). */
    until: (id: string, count: number): Promise<void> =>
      new Promise((resolve) => {
        if (exited.has(id) || (seen.get(id) ?? 0) >= count) return resolve();
        const waiter = {
          id,
          count,
          done: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(waiter.done, PROMPT_WAIT_MS);
        waiters.add(waiter);
      }),
    exited: (id: string) => exited.has(id),
    dispose: () => {
      offMark();
      offExit();
    },
  };
};

/** Opens a tab (in `cwd`) and waits for its shell's first prompt; undefined if the shell exited instead. */
const openReadyTab = async (prompts: ReturnType<typeof watchPrompts>, cwd: string | null): Promise<string | undefined> => {
  await openTerminal(cwd ? { cwd } : {});
  const id = activeTerminalId();
  if (!id) return undefined;
  await prompts.until(id, 1);
  if (!prompts.exited(id)) return id;
  await closeTerminal(id).catch(() => undefined);
  return undefined;
};

/**
 * Runs a command line in a new tab, in `cwd` when given. A directory that no longer exists makes
 * the shell exit at once: then it runs in a plain new tab, and the words say so.
 */
const runInNewTab = async (commandLine: string, cwd: string | null): Promise<string> => {
  const prompts = watchPrompts();
  try {
    let id = await openReadyTab(prompts, cwd);
    let where = 'in a new tab';
    if (!id && cwd) {
      id = await openReadyTab(prompts, null);
      where = `in a new tab, in the home directory (${cwd} could not be opened)`;
    }
    if (!id) throw new Error('the new tab’s shell did not start');
    api.send('pty:input', { id, data: rerunInput(commandLine) });
    focusActiveTerminal();
    return `Running it again ${where}`;
  } finally {
    prompts.dispose();
  }
};

/** Runs a command again; resolves to what happened, in words for a notice. */
export const rerun = async (command: CommandRecord): Promise<string> => {
  const terminal = useWorkspace.getState().terminals.find((t) => t.sessionId === command.sessionId);
  const busy = terminal && !terminal.exited ? (await isBusy(terminal.id)) !== undefined : false;
  const { bySession, sessions } = useCommands.getState();
  const plan = rerunPlan({
    command,
    terminal,
    sessionCommands: bySession[command.sessionId] ?? [],
    busy,
    sessionHostname: sessions[command.sessionId]?.hostname,
  });
  switch (plan.kind) {
    case 'none':
      throw new Error(plan.reason);
    case 'type':
      useWorkspace.getState().activate(plan.terminalId);
      api.send('pty:input', { id: plan.terminalId, data: rerunInput(command.commandLine!) });
      focusActiveTerminal();
      return 'Running it again';
    case 'new-tab':
      return runInNewTab(command.commandLine!, plan.cwd);
  }
};
