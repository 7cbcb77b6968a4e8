// SPDX-License-Identifier: MIT
import type { StepDecisions } from '../agent/run/step-decisions';
import type { InvokeHandlers } from './router';

type Handlers = Pick<InvokeHandlers, 'agent:decide' | 'agent:pane'>;

/** The user's Run / Edit / Skip on a proposed command, and the pane a window opened for one. */
export const agentHandlers = (decisions: StepDecisions): Handlers => ({
  'agent:decide': async ({ stepId, decision, command, activeSessionId }) => ({
    pane: await decisions.decide(stepId, { decision, command, activeSessionId }),
  }),
  'agent:pane': ({ stepId, sessionId }) => ({ accepted: decisions.pane(stepId, sessionId) }),
});
