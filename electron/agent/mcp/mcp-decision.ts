// SPDX-License-Identifier: MIT
import { DomainError } from '../../../shared/ipc/define';
import type { Confirmation, ToolCallProposal } from '../invocation/confirmation';

export type McpDecision = 'allow' | 'deny';

/** What the decision needs to know of one call. */
export interface McpCallRequest {
  readonly stepId: string;
  readonly conversationId: string;
  /** The tool's name as the model calls it (SERVER__TOOL). */
  readonly tool: string;
  readonly server: string;
  /** The server annotated the tool read-only (readOnlyHint). */
  readonly readOnly: boolean;
}

export interface McpDecisionDeps {
  readonly pending: PendingMcpDecisions;
  /** The one confirmation service every tool call goes through (electron/agent/invocation/confirmation.ts). */
  readonly confirm: (proposal: ToolCallProposal) => Promise<Confirmation>;
  /** The user's per-server switch in Settings → Tools (mcp.json `readOnlyWithoutAsking`), default off. */
  readonly readOnlyWithoutAsking: (server: string) => boolean;
}

export interface McpDecided {
  readonly decision: McpDecision;
  /** No click: read-only, and the user let this server's read-only tools run. */
  readonly auto: boolean;
}

/**
 * The decision for a call to a tool of the user's MCP servers, made in main by the one confirmation
 * service that decides for run_command too: a deny rule refuses; a tool the server annotated
 * read-only runs at once only when the user switched that on for that server; every other call
 * waits for Allow or Deny (mcp:decide), or the answer's Stop.
 */
export const decideMcpCall = async (request: McpCallRequest, deps: McpDecisionDeps, signal: AbortSignal): Promise<McpDecided> => {
  const readOnly = request.readOnly && deps.readOnlyWithoutAsking(request.server);
  const confirmation = await deps.confirm({ conversationId: request.conversationId, tool: request.tool, readOnly });
  if (confirmation.kind === 'allow') return { decision: 'allow', auto: true };
  if (confirmation.kind === 'deny') return { decision: 'deny', auto: true };
  return { decision: await deps.pending.wait(request.stepId, signal), auto: false };
};

/**
 * Calls waiting for the user, by step id. The first answer wins (two windows may show the same
 * step); a late or unknown one is refused with a plain message.
 */
export class PendingMcpDecisions {
  private readonly _waiting = new Map<string, (decision: McpDecision) => void>();

  wait(stepId: string, signal: AbortSignal): Promise<McpDecision> {
    return new Promise((resolve, reject) => {
      const stopped = () => new DomainError('failed', 'The answer was stopped.');
      if (signal.aborted) return reject(stopped());
      const onAbort = () => {
        this._waiting.delete(stepId);
        reject(stopped());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this._waiting.set(stepId, (decision) => {
        signal.removeEventListener('abort', onAbort);
        resolve(decision);
      });
    });
  }

  answer(stepId: string, decision: McpDecision): void {
    const resolve = this._waiting.get(stepId);
    if (!resolve) throw new DomainError('not-found', 'This tool call was already decided, or its answer has ended.');
    this._waiting.delete(stepId);
    resolve(decision);
  }
}
