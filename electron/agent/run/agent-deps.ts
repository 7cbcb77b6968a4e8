// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../../shared/ipc/agent';
import type { AgentSettings } from '../../../shared/settings/registry';
import type { Classification } from '../risk/classify';
import type { StepDecisions } from './step-decisions';
import type { RecordFields } from './step-result';
import type { TerminalPort } from './terminal-port';

/** What the run_command tool is built on: the terminals, the decisions, the settings, the records. */
export interface AgentDeps {
  readonly port: TerminalPort;
  readonly decisions: StepDecisions;
  readonly settings: () => AgentSettings;
  readonly record: RecordFields;
  readonly classify: (line: string) => Promise<Classification>;
  readonly mayRunUnasked: (line: string, entries: readonly string[]) => Promise<boolean>;
  readonly now?: () => number;
}

export interface AgentTurnContext {
  /** The active terminal when the question was asked; a decision names the one active then. */
  readonly activeSessionId: string | null;
  /** Sends a step's new state to the windows (agent:step). */
  readonly emit: (step: AgentStepView) => void;
}

/** Where a command would run now: the active terminal at an idle prompt, else a pane beside it. */
export const chooseTarget = (port: TerminalPort, activeSessionId: string | null, inUse: ReadonlySet<string> = new Set()) => {
  const state = activeSessionId === null ? undefined : port.state(activeSessionId);
  if (activeSessionId !== null && state?.idle && !inUse.has(activeSessionId)) return { kind: 'active' as const, sessionId: activeSessionId, cwd: state.cwd };
  return { kind: 'new-pane' as const, cwd: state?.cwd ?? null, besideSessionId: state ? activeSessionId : null };
};
