// SPDX-License-Identifier: MIT
import type { ConfirmationService } from '../agent/invocation/confirmation';
import { PendingMcpDecisions } from '../agent/mcp/mcp-decision';
import { McpManager } from '../agent/mcp/mcp-manager';
import type { McpTurnDeps } from '../agent/mcp/mcp-turn';
import type { Redactor } from '../context/redaction';
import { mcpHandlers, type RunningToolSteps } from '../ipc/mcp-handlers';
import type { Broadcast } from '../ipc/router';

export interface McpWiringOptions {
  readonly dataDir: string;
  readonly broadcast: Broadcast;
  readonly log: (message: string) => void;
  /** The one confirmation service, shared with run_command (compose-core.ts). */
  readonly confirmations: ConfirmationService;
}

/**
 * The user's MCP servers: the manager over DATA_DIR/mcp.json (started here, so its servers start
 * while the rest of the core does), the one place their calls are decided, and the tools each
 * answer is offered. Windows hear of every server change (mcp:changed).
 */
export const wireMcp = (options: McpWiringOptions) => {
  const manager = new McpManager({ dataDir: options.dataDir, log: options.log });
  const pending = new PendingMcpDecisions();
  manager.onChange(() => options.broadcast('mcp:changed', manager.view()));
  manager.start();
  const turnDeps = (redactor: () => Redactor): McpTurnDeps => ({
    tools: () => manager.tools(),
    call: (server, tool, args, signal) => manager.call(server, tool, args, signal),
    readOnlyWithoutAsking: (server) => manager.readOnlyWithoutAsking(server),
    pending,
    confirm: (proposal) => options.confirmations.decide(proposal),
    redactor,
  });
  return {
    turnDeps,
    handlers: (running: RunningToolSteps) => mcpHandlers(manager, pending, running),
    close: () => manager.close(),
  };
};
