// SPDX-License-Identifier: MIT
import type { TerminalPort } from './terminal-port';

/** Opens a terminal for the assistant (main opens it and every window shows it as a tab); resolves with its id. */
export type OpenTerminal = (request: { readonly cwd: string | null; readonly besideSessionId: string | null }) => Promise<string>;

/**
 * Each conversation's own terminal, for a step whose asking terminal was busy or had a line typed:
 * opened by main (no window needs to be open or visible), reused by the conversation's next steps
 * while it lives, sits idle in the step's directory and was opened beside the same terminal (its
 * privacy follows that lineage).
 */
export class AssistantTerminals {
  private readonly _byConversation = new Map<string, { readonly sessionId: string; readonly beside: string | null }>();

  constructor(
    private readonly _port: TerminalPort,
    private readonly _open: OpenTerminal,
  ) {}

  async terminalFor(
    conversationId: string,
    request: { readonly cwd: string | null; readonly besideSessionId: string | null },
    inUse: ReadonlySet<string>,
  ): Promise<string> {
    const known = this._byConversation.get(conversationId);
    const state = known === undefined ? undefined : this._port.state(known.sessionId);
    if (known && state?.idle && !inUse.has(known.sessionId) && state.cwd === request.cwd && known.beside === request.besideSessionId)
      return known.sessionId;
    const sessionId = await this._open(request);
    this._byConversation.set(conversationId, { sessionId, beside: request.besideSessionId });
    return sessionId;
  }
}
