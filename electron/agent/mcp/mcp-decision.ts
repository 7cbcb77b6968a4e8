// SPDX-License-Identifier: MIT
import { DomainError } from '../../../shared/ipc/define';

export type McpDecision = 'allow' | 'deny';

/** What the decision needs to know of one call. */
export interface McpCallRequest {
  readonly stepId: string;
  readonly server: string;
  /** The server annotated the tool read-only (readOnlyHint). */
  readonly readOnly: boolean;
}

export interface McpDecisionDeps {
  readonly pending: PendingMcpDecisions;
  /** The user's per-server switch in Settings → Tools (mcp.json `readOnlyWithoutAsking`), default off. */
  readonly readOnlyWithoutAsking: (server: string) => boolean;
}

export interface McpDecided {
  readonly decision: McpDecision;
  /** No click: read-only, and the user let this server's read-only tools run. */
  readonly auto: boolean;
}

/**
 * THE decision for a call to a tool of the user's MCP servers, made in main: a tool the server
 * annotated read-only runs at once only when the user switched that on for that server; every
 * other call waits for Allow or Deny (mcp:decide), or the answer's Stop. This is the one place to
 * swap for the app-wide confirmation service once there is one.
 */
export const decideMcpCall = async (request: McpCallRequest, deps: McpDecisionDeps, signal: AbortSignal): Promise<McpDecided> => {
  if (request.readOnly && deps.readOnlyWithoutAsking(request.server)) return { decision: 'allow', auto: true };
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
