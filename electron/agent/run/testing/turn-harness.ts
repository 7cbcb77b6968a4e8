// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../../../shared/ipc/agent';
import { DEFAULT_SETTINGS } from '../../../../shared/settings/registry';
import { mayRunUnasked } from '../../risk/allow-list';
import { classifyCommand } from '../../risk/classify';
import { ConfirmationService } from '../../invocation/confirmation';
import type { AgentDeps } from '../agent-deps';
import { AssistantTerminals } from '../assistant-terminal';
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
  const agentSettings = () => ({ ...DEFAULT_SETTINGS.agent, ...settings });
  /** The terminals main opened for steps, with what they were asked for; `opening` decides what each becomes. */
  const opened: Array<{ id: string; cwd: string | null; besideSessionId: string | null }> = [];
  const harness = {
    opening: (request: { cwd: string | null; besideSessionId: string | null }): TerminalState => ({
      idle: true,
      busy: null,
      cwd: request.cwd,
    }),
  };
  const deps: AgentDeps = {
    port: terminals,
    decisions,
    confirmations: new ConfirmationService({ settings: agentSettings, mayRunUnasked }),
    terminals: new AssistantTerminals(terminals, async (request) => {
      const id = `t${opened.length + 1}`;
      opened.push({ id, ...request });
      terminals.states.set(id, harness.opening(request));
      return id;
    }),
    settings: agentSettings,
    record: async (id) => ({ command_id: id, exit_code: terminals.lastExit, full_output: 'recorded output' }),
    classify: classifyCommand,
  };
  const turn = new AgentTurn(deps, { conversationId: 'c1', activeSessionId: 's1', emit: (step) => steps.push(step) });
  /** Another answer (another conversation) running at the same time over the same terminals. */
  const otherTurn = () => new AgentTurn(deps, { conversationId: 'c2', activeSessionId: 's1', emit: (step) => steps.push(step) });
  const controller = new AbortController();
  let calls = 0;
  const call = (command: string) => turn.tool.execute({ command, reason: 'to see' }, controller.signal, `call_${++calls}`);
  /** Resolves with the step once it reaches `state` (events are synchronous with the tool's progress). */
  const stepIn = async (state: AgentStepView['state'], command?: string) => {
    for (let i = 0; i < 200; i++) {
      // An allowed step shows as running while its terminal opens: "running" here means started.
      const found = steps.findLast(
        (s) =>
          s.state === state &&
          (state !== 'running' || s.phase === 'running' || s.phase === 'handed-over') &&
          (command === undefined || s.command === command),
      );
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no step reached ${state}: ${JSON.stringify(steps.map((s) => s.state))}`);
  };
  return { terminals, decisions, steps, turn, otherTurn, controller, call, stepIn, opened, harness, deps };
};
