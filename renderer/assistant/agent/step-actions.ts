// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../../shared/ipc/agent';
import { openOutputViewer } from '../../state/output-viewer';
import { terminalById, useWorkspace } from '../../state/workspace';
import { controllerFor } from '../../terminal/terminals';
import { invoke } from '../../transport/invoke';
import { report } from '../conversation/conversation-actions';

/** Steps whose hand-over already brought their terminal forward; a step leaves it when it ends. */
const handedOver = new Set<string>();

/**
 * Run (as shown, or `edited`) or Skip, forwarded to main, which decides everything else: the
 * terminal was fixed when the step was proposed, and main opens the conversation's own terminal
 * when that one cannot take it. `remember`: allow this exact command again in the conversation.
 */
export const decideStep = async (step: AgentStepView, decision: 'run' | 'skip', edited?: string, remember = false): Promise<void> => {
  const result = await invoke('agent:decide', {
    stepId: step.id,
    decision,
    ...(edited !== undefined && edited.trim() !== step.command ? { command: edited } : {}),
    ...(remember ? { remember } : {}),
  });
  if (!result.ok) report(result.error.message);
};

const FINAL = new Set(['denied', 'done', 'failed', 'stopped']);

/** The title of the terminal main opens for a conversation's steps, as its tab shows it. */
export const ASSISTANT_TERMINAL_TITLE = 'Assistant';

/** The conversation's own terminal is titled so in this window, unless the user named it. */
const titleAssistantTerminal = (step: AgentStepView): void => {
  if (step.target !== 'new-pane' || step.sessionId === null) return;
  const terminal = terminalById(step.sessionId);
  if (terminal && terminal.customTitle === null) useWorkspace.getState().update(terminal.id, { customTitle: ASSISTANT_TERMINAL_TITLE });
};

/**
 * What a window does when a step changes: a command handed over to the user brings its terminal
 * forward, with the keyboard, once. Nothing is decided here: main decides, window or no window.
 */
export const followStep = (step: AgentStepView): void => {
  titleAssistantTerminal(step);
  if (step.phase !== undefined && FINAL.has(step.phase)) {
    handedOver.delete(step.id);
    return;
  }
  if (step.waiting === null || step.sessionId === null || handedOver.has(step.id)) return;
  handedOver.add(step.id);
  if (!terminalById(step.sessionId)) return;
  useWorkspace.getState().activate(step.sessionId);
  requestAnimationFrame(() => controllerFor(step.sessionId!)?.focus());
};

/** Opens the record the step made: its whole output, read from the store. */
export const showStepRecord = async (commandId: string): Promise<void> => {
  const result = await invoke('commands:get', { id: commandId });
  if (!result.ok) return report(result.error.message);
  openOutputViewer(result.value.command);
};
