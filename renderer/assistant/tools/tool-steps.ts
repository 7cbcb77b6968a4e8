// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { EventPayload } from '../../../shared/ipc';
import type { ToolStepView } from '../../../shared/ipc/mcp';
import { api } from '../../transport/api';
import { invoke } from '../../transport/invoke';
import { report } from '../conversation/conversation-actions';
import { useAssistant } from '../store/assistant-store';
import { newTurn } from '../store/turn-state';

/**
 * The calls to tools of the user's MCP servers in answers still running, by turn id, each at its
 * last state (mcp:step). A finished answer carries its steps in its stored message instead.
 */
interface ToolStepsState {
  readonly byTurn: Readonly<Record<string, readonly ToolStepView[]>>;
  updated(event: EventPayload<'mcp:step'>): void;
  forget(turnId: string): void;
}

const useToolSteps = create<ToolStepsState>((set) => ({
  byTurn: {},
  updated: ({ turnId, step }) =>
    set((s) => {
      const steps = s.byTurn[turnId] ?? [];
      const next = steps.some((x) => x.id === step.id) ? steps.map((x) => (x.id === step.id ? step : x)) : [...steps, step];
      return { byTurn: { ...s.byTurn, [turnId]: next } };
    }),
  forget: (turnId) =>
    set((s) => {
      const { [turnId]: _gone, ...rest } = s.byTurn;
      return { byTurn: rest };
    }),
}));

const NONE: readonly ToolStepView[] = [];

export const useTurnToolSteps = (turnId: string | undefined): readonly ToolStepView[] =>
  useToolSteps((s) => (turnId === undefined ? NONE : (s.byTurn[turnId] ?? NONE)));

/** Allow or Deny: main decides what runs; this only forwards the click. */
export const decideToolStep = async (step: ToolStepView, decision: 'allow' | 'deny'): Promise<void> => {
  const result = await invoke('mcp:decide', { stepId: step.id, decision });
  if (!result.ok) report(result.error.message);
};

/** After a reload: the running answer's tool steps, so a waiting call can still be decided. */
export const restoreToolSteps = async (conversationId: string): Promise<void> => {
  const running = await invoke('mcp:steps', { conversationId });
  if (!running.ok || running.value.turnId === null) return;
  const { turnId, steps } = running.value;
  for (const step of steps) useToolSteps.getState().updated({ turnId, conversationId, step });
  // The answer is still running: show it (its steps, Stop) as the window that asked does.
  const assistant = useAssistant.getState();
  const waiting = steps.some((step) => step.state === 'proposed' || step.state === 'running');
  if (waiting && assistant.conversationId === conversationId && !assistant.turn)
    useAssistant.setState({ turn: newTurn(conversationId, turnId) });
};

export const subscribeToolSteps = (): (() => void) => {
  const offs = [
    api.on('mcp:step', (event) => useToolSteps.getState().updated(event)),
    api.on('assistant:done', (event) => useToolSteps.getState().forget(event.turnId)),
    api.on('assistant:error', (event) => useToolSteps.getState().forget(event.turnId)),
  ];
  return () => offs.forEach((off) => off());
};
