// SPDX-License-Identifier: MIT
import type { AgentStepView, InvocationPhase } from '../../../shared/ipc/agent';
import type { AgentSettings } from '../../../shared/settings/registry';
import type { ConfirmationService } from '../invocation/confirmation';
import type { Classification } from '../risk/classify';
import type { AssistantTerminals } from './assistant-terminal';
import type { StepDecisions } from './step-decisions';
import type { RecordFields } from './step-result';
import type { TerminalPort } from './terminal-port';

/** A step while main follows it: its phase and tool-call id always set. */
export type LiveStep = AgentStepView & { readonly phase: InvocationPhase; readonly toolCallId: string };

/** What the run_command tool is built on: the terminals, the decisions, the settings, the records. */
export interface AgentDeps {
  readonly port: TerminalPort;
  readonly decisions: StepDecisions;
  /** Decides, for every tool call, whether it runs without asking (electron/agent/invocation/confirmation.ts). */
  readonly confirmations: ConfirmationService;
  /** Each conversation's own terminal, opened by main when the asking one cannot take the command. */
  readonly terminals: AssistantTerminals;
  readonly settings: () => AgentSettings;
  readonly record: RecordFields;
  readonly classify: (line: string) => Promise<Classification>;
  readonly now?: () => number;
}

export interface AgentTurnContext {
  /** The conversation the answer belongs to: "allow again" is remembered per conversation. */
  readonly conversationId: string;
  /** The terminal the question was asked from: the step's target is chosen from it when proposed. */
  readonly activeSessionId: string | null;
  /** Sends a step's new state to the windows (agent:step). */
  readonly emit: (step: AgentStepView) => void;
}

/**
 * Where a command runs: the terminal the question was asked from when its shell waits at an idle
 * prompt with nothing typed (TerminalState.idle says all of that), else a pane opened beside it.
 */
export const chooseTarget = (port: TerminalPort, activeSessionId: string | null, inUse: ReadonlySet<string> = new Set()) => {
  const state = activeSessionId === null ? undefined : port.state(activeSessionId);
  if (activeSessionId !== null && state?.idle && !inUse.has(activeSessionId))
    return { kind: 'active' as const, sessionId: activeSessionId, cwd: state.cwd };
  return { kind: 'new-pane' as const, cwd: state?.cwd ?? null, besideSessionId: state ? activeSessionId : null };
};
