// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../../../shared/ipc/agent';
import { DEFAULT_SETTINGS } from '../../../../shared/settings/registry';
import { mayRunUnasked } from '../../risk/allow-list';
import { classifyCommand } from '../../risk/classify';
import type { AgentDeps } from '../agent-deps';
import { AgentTurn } from '../run-command-tool';
import { StepDecisions } from '../step-decisions';
import type { TerminalState } from '../terminal-port';
import { FakeTerminals } from './fake-terminals';

/** One answer's run_command tool over fake terminals, with the steps it emitted, for the tool's tests. */
export const IDLE: TerminalState = { idle: true, busy: null, cwd: '/home/dev/project' };

export const setUp = (settings: Partial<typeof DEFAULT_SETTINGS.agent> = {}, sessions: Record<string, TerminalState> = { s1: IDLE }) => {
  const terminals = new FakeTerminals(sessions);
  const decisions = new StepDecisions();
  const steps: AgentStepView[] = [];
  const deps: AgentDeps = {
    port: terminals,
    decisions,
    settings: () => ({ ...DEFAULT_SETTINGS.agent, ...settings }),
    record: async (id) => ({ command_id: id, exit_code: terminals.lastExit, full_output: 'recorded output' }),
    classify: classifyCommand,
    mayRunUnasked,
  };
  const turn = new AgentTurn(deps, { activeSessionId: 's1', emit: (step) => steps.push(step) });
  /** Another answer (another conversation) running at the same time over the same terminals. */
  const otherTurn = () => new AgentTurn(deps, { activeSessionId: 's1', emit: (step) => steps.push(step) });
  const controller = new AbortController();
  const call = (command: string) => turn.tool.execute({ command, reason: 'to see' }, controller.signal);
  /** Resolves with the step once it reaches `state` (events are synchronous with the tool's progress). */
  const stepIn = async (state: AgentStepView['state'], command?: string) => {
    for (let i = 0; i < 200; i++) {
      const found = steps.findLast((s) => s.state === state && (command === undefined || s.command === command));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no step reached ${state}: ${JSON.stringify(steps.map((s) => s.state))}`);
  };
  return { terminals, decisions, steps, turn, otherTurn, controller, call, stepIn };
};
