// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import type { ToolStepView } from '../../../shared/ipc/mcp';
import type { Redactor } from '../../context/redaction';
import type { AssistantTool } from '../../llm/tool-execution';
import type { Confirmation, ToolCallProposal } from '../invocation/confirmation';
import { move, type InvocationState } from '../invocation/invocation-state';
import { decideMcpCall, type PendingMcpDecisions } from './mcp-decision';
import { plainText, type OfferedTool } from './mcp-names';
import { outwardResult, resultText } from './mcp-result';

/** What an answer's MCP tools are built on (electron/app/mcp-wiring.ts makes it). */
export interface McpTurnDeps {
  /** The tools of the servers that are ready now; a failed or hung server simply has none. */
  readonly tools: () => readonly OfferedTool[];
  readonly call: (server: string, toolName: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;
  readonly readOnlyWithoutAsking: (server: string) => boolean;
  readonly pending: PendingMcpDecisions;
  /** The one confirmation service (electron/agent/invocation/confirmation.ts). */
  readonly confirm: (proposal: ToolCallProposal) => Promise<Confirmation>;
  /** The redaction every model request uses, as it is now. */
  readonly redactor: () => Redactor;
}

const MAX_SHOWN_ARGUMENTS = 4_000;
const MAX_SUMMARY = 160;

/**
 * A tool step's shown states on the one invocation state table (invocation-state.ts): running is
 * reached through approved, and an illegal move throws IllegalTransitionError as run_command's do.
 */
const PHASES: Readonly<Record<ToolStepView['state'], readonly InvocationState[]>> = {
  proposed: [],
  running: ['approved', 'running'],
  done: ['done'],
  denied: ['denied'],
  failed: ['failed'],
};

const firstLine = (text: string): string => plainText(text.split('\n', 1)[0] ?? '', MAX_SUMMARY);

/**
 * One answer's tools from the user's MCP servers. Each call is a step the conversation shows
 * (`tool-step`): proposed, then allowed or denied by the one decision (mcp-decision.ts), running,
 * done or failed. Nothing is called before it is allowed; the result goes to the model redacted
 * and cut to its budget. `views` holds every step's last state, stored with the answer.
 */
export class McpTurn {
  readonly views = new Map<string, ToolStepView>();
  private readonly _phases = new Map<string, InvocationState>();

  constructor(
    private readonly _deps: McpTurnDeps,
    private readonly _emit: (step: ToolStepView) => void,
    private readonly _conversationId: string = '',
  ) {}

  tools(): AssistantTool[] {
    return this._deps.tools().map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      execute: (args, signal, callId) => this._execute(tool, args, signal, callId),
      summarize: (result) => firstLine(result),
    }));
  }

  private _move(step: ToolStepView, change: Partial<ToolStepView> & Pick<ToolStepView, 'state'>): ToolStepView {
    let phase = this._phases.get(step.id) ?? 'proposed';
    for (const next of PHASES[change.state]) phase = move(step.id, phase, next);
    this._phases.set(step.id, phase);
    return this._show({ ...step, ...change });
  }

  private _show(step: ToolStepView): ToolStepView {
    this.views.set(step.id, step);
    this._emit(step);
    return step;
  }

  private async _execute(tool: OfferedTool, args: Record<string, unknown>, signal: AbortSignal, callId?: string): Promise<string> {
    const shown = JSON.stringify(args, null, 2);
    let step = this._show({
      id: callId && !this.views.has(callId) ? callId : randomUUID(),
      tool: tool.name,
      server: tool.server,
      toolName: plainText(tool.toolName, 200),
      arguments: shown.length > MAX_SHOWN_ARGUMENTS ? `${shown.slice(0, MAX_SHOWN_ARGUMENTS)}…` : shown,
      readOnly: tool.readOnly,
      autoAllowed: false,
      state: 'proposed',
      summary: null,
    });
    let decided;
    try {
      decided = await decideMcpCall(
        { stepId: step.id, conversationId: this._conversationId, tool: tool.name, server: tool.server, readOnly: tool.readOnly },
        this._deps,
        signal,
      );
    } catch (error) {
      this._move(step, { state: 'failed', summary: 'Stopped before it was decided.' });
      throw error;
    }
    if (decided.decision === 'deny') {
      this._move(step, { state: 'denied', summary: 'You declined; it was not called.' });
      return JSON.stringify({
        status: 'declined',
        tool: tool.name,
        note: 'The user chose not to allow this tool call. It was not called. Do not call it again unchanged; ask, or answer with what you have.',
      });
    }
    step = this._move(step, { state: 'running', autoAllowed: decided.auto });
    const redactor = this._deps.redactor();
    let result: unknown;
    try {
      result = await this._deps.call(tool.server, tool.toolName, args, signal);
    } catch (error) {
      // The server's words reach the model too: redacted like its results.
      const why = outwardResult(error instanceof Error ? error.message : String(error), redactor, 2_000).text;
      this._move(step, { state: 'failed', summary: firstLine(why) });
      throw new Error(why);
    }
    const { text, isError } = resultText(result);
    const out = outwardResult(text, redactor);
    this._move(step, {
      state: isError ? 'failed' : 'done',
      summary: firstLine(out.text) || (isError ? 'The tool reported an error.' : 'Empty result.'),
    });
    return isError ? `The tool reported an error: ${out.text}` : out.text;
  }
}
