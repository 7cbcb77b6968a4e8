// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../../shared/ipc/agent';
import { openOutputViewer } from '../../state/output-viewer';
import { activeTerminalId, terminalById, useWorkspace } from '../../state/workspace';
import { controllerFor, openTerminal } from '../../terminal/terminals';
import { invoke } from '../../transport/invoke';
import { report } from '../conversation/conversation-actions';

/** Steps this window already decided for the allow-list, so a repeated event does not decide twice. */
const autoDecided = new Set<string>();
/** Steps whose hand-over already brought their terminal forward. */
const handedOver = new Set<string>();

/**
 * Run (as shown, or `edited`) or Skip. Main answers whether a pane must be opened first: the
 * active terminal was busy, private or gone. It is split beside the terminal main named, in the
 * directory it gave, and named back with agent:pane; the command runs once its shell is at a prompt.
 */
export const decideStep = async (step: AgentStepView, decision: 'run' | 'skip', edited?: string, quietIfDecided = false): Promise<void> => {
  const activeSessionId = activeTerminalId() ?? null;
  const result = await invoke('agent:decide', {
    stepId: step.id,
    decision,
    ...(edited !== undefined && edited.trim() !== step.command ? { command: edited } : {}),
    activeSessionId,
  });
  // The allow-list's decision is made by every window showing the step; the first wins, the rest stay quiet.
  if (!result.ok) return quietIfDecided && result.error.code === 'not-found' ? undefined : report(result.error.message);
  const pane = result.value.pane;
  if (!pane) return;
  const beside = (pane.besideSessionId && terminalById(pane.besideSessionId) ? pane.besideSessionId : undefined) ?? activeTerminalId();
  try {
    const id = await openTerminal({
      ...(beside ? { split: { target: beside, orientation: 'horizontal' as const } } : {}),
      ...(pane.cwd ? { cwd: pane.cwd } : {}),
    });
    const named = await invoke('agent:pane', { stepId: step.id, sessionId: id });
    if (!named.ok) report(named.error.message);
  } catch (error) {
    report(`Could not open a terminal for the command: ${(error as Error).message}`);
  }
};

/** Shows the terminal a handed-over command waits in, with the keyboard, once per step. */
const bringForward = (step: AgentStepView): void => {
  if (step.waiting === null || step.sessionId === null || handedOver.has(step.id)) return;
  handedOver.add(step.id);
  if (!terminalById(step.sessionId)) return;
  useWorkspace.getState().activate(step.sessionId);
  requestAnimationFrame(() => controllerFor(step.sessionId!)?.focus());
};

/**
 * What a window does on its own when a step changes: a read-only command the allow-list lets run
 * but which needs a pane is decided here (main decided everything else), and a command that
 * needs the user brings its terminal forward.
 */
export const followStep = (step: AgentStepView): void => {
  // A hidden window leaves it to a visible one (it would open the pane where nobody looks).
  const visible = document.visibilityState === 'visible';
  if (visible && step.autoRun && step.state === 'proposed' && step.target === 'new-pane' && !autoDecided.has(step.id)) {
    autoDecided.add(step.id);
    void decideStep(step, 'run', undefined, true);
  }
  bringForward(step);
};

/** Opens the record the step made: its whole output, read from the store. */
export const showStepRecord = async (commandId: string): Promise<void> => {
  const result = await invoke('commands:get', { id: commandId });
  if (!result.ok) return report(result.error.message);
  openOutputViewer(result.value.command);
};
