// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../shared/ipc/agent';
import type { StepDecisions } from '../agent/run/step-decisions';
import type { InvokeHandlers } from './router';

type Handlers = Pick<InvokeHandlers, 'agent:decide' | 'agent:steps'>;

/** The running answer's steps in a conversation (AssistantService.runningSteps). */
export type RunningSteps = (conversationId: string) => { turnId: string | null; steps: AgentStepView[] };

/** The user's Run / Edit / Skip on a proposed command, forwarded to the step waiting for it. */
export const agentHandlers = (decisions: StepDecisions, runningSteps: RunningSteps): Handlers => ({
  'agent:steps': ({ conversationId }) => runningSteps(conversationId),
  'agent:decide': async ({ stepId, decision, command, remember }) => {
    await decisions.decide(stepId, { decision, command, remember: remember === true });
    return { decided: true };
  },
});
