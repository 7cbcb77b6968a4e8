// SPDX-License-Identifier: MIT
import type { ToolStepView } from '../../shared/ipc/mcp';
import type { PendingMcpDecisions } from '../agent/mcp/mcp-decision';
import type { McpManager } from '../agent/mcp/mcp-manager';
import type { InvokeHandlers } from './router';

type Handlers = Pick<
  InvokeHandlers,
  'mcp:servers' | 'mcp:add' | 'mcp:remove' | 'mcp:read-only-without-asking' | 'mcp:decide' | 'mcp:steps'
>;

/** The running answer's MCP tool steps in a conversation (AssistantService.runningToolSteps). */
export type RunningToolSteps = (conversationId: string) => { turnId: string | null; steps: ToolStepView[] };

/** Settings → Tools (the servers in mcp.json) and the user's Allow / Deny on a tool step. */
export const mcpHandlers = (manager: McpManager, pending: PendingMcpDecisions, running: RunningToolSteps): Handlers => ({
  'mcp:servers': () => manager.view(),
  'mcp:add': (entry) => manager.add(entry),
  'mcp:remove': ({ name }) => manager.remove(name),
  'mcp:read-only-without-asking': ({ name, on }) => manager.setReadOnlyWithoutAsking(name, on),
  'mcp:decide': ({ stepId, decision }) => {
    pending.answer(stepId, decision);
    return { accepted: true };
  },
  'mcp:steps': ({ conversationId }) => running(conversationId),
});
