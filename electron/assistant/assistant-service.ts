// SPDX-License-Identifier: MIT
import { autoCompactOn } from '../../shared/ipc/settings';
import type { AgentStepView } from '../../shared/ipc/agent';
import type { Citation, ConversationMessage, LlmErrorInfo, ModelRef, TurnUsage } from '../../shared/ipc/assistant';
import { citedIds } from '../../shared/text/citations';
import { RUN_COMMAND_TOOL_NAME } from '../agent/run/run-command-args';
import { GET_COMMANDS_TOOL_NAME } from '../context/request/get-commands-tool';
import { DomainError } from '../../shared/ipc';
import type { ContextEngine } from '../context/context-engine';
import type { AssembledRequest } from '../context/request/request-builder';
import { forwardTurnEvents, TurnRegistry, type toolCallView } from './assistant-turns';
import { LlmError } from '../llm/errors';
import { DEFAULT_MAX_ROUNDS, runAssistantTurn, type AssistantTool } from '../llm/tool-loop';
import type { AgentDeps } from '../agent/run/agent-deps';
import { AgentTurn } from '../agent/run/run-command-tool';
import { McpTurn, type McpTurnDeps } from '../agent/mcp/mcp-turn';
import type { ToolStepView } from '../../shared/ipc/mcp';
import type { SettingsService } from '../settings/settings-service';
import { toMessageViews, type MessageMeta } from './message-views';
import type { StoredMessageWithMeta } from '../store/conversations/conversation-records';

export interface AssistantServiceDeps {
  /** Conversations are written only through `engine.conversations` (the one writer). */
  readonly engine: ContextEngine;
  readonly settings: SettingsService;
  readonly emit: (
    channel:
      'assistant:delta' | 'assistant:tool' | 'assistant:done' | 'assistant:error' | 'context:auto-compacted' | 'agent:step' | 'mcp:step',
    payload: unknown,
  ) => void;
  /** Filled with the provider each model was last asked through. */
  readonly providerByModel?: Map<string, string>;
  readonly now?: () => number;
  /** The tools of the user's MCP servers (electron/app/mcp-wiring.ts); none without it. */
  readonly mcp?: McpTurnDeps;
  /** The run_command tool's terminals (electron/app/agent-wiring.ts); without them (some tests) answers only read. */
  readonly agent?: AgentDeps;
}

/**
 * The cited records that exist (a model may make an id up): the pane links these and shows the rest
 * as unverified. Read now, so a record forgotten later is still known to have been cited.
 */
const verifiedCitations = async (engine: ContextEngine, answer: string): Promise<Citation[]> => {
  const ids = citedIds(answer).slice(0, 50);
  if (ids.length === 0) return [];
  const found = await engine.citedCommands(ids).catch(() => []);
  return found.map((c) => ({ commandId: c.id, commandLine: c.commandLine }));
};

/** The request would leave conversation history out to fit the budget. */
const leavesHistoryOut = (assembled: AssembledRequest): boolean =>
  assembled.preview.sections.some((section) => section.id === 'history' && section.trimmed.items > 0);

export interface AskRequest {
  readonly conversationId: string;
  readonly question: string;
  readonly attachments: readonly string[];
  readonly model: ModelRef;
  readonly sessionId?: string | null | undefined;
  /** The client's id for this turn (events carry it; a cancel may name it before ask answers). */
  readonly turnId?: string | undefined;
}

/**
 * One question to one answer: the context engine assembles the request (budgeted, redacted), the
 * provider streams it through the tool loop (`get_commands`), and the turn is stored. The question
 * is stored before the model is called, so neither a failure nor a restart loses it.
 */
export class AssistantService {
  private readonly _turns = new TurnRegistry();
  private readonly _providerByModel: Map<string, string>;
  private readonly _now: () => number;
  /** The run_command steps of answers running now, by turn id, for a window that reloads. */
  private readonly _agentTurns = new Map<string, { conversationId: string; turn: AgentTurn }>();
  /** The MCP tool steps of answers running now, by turn id, for a window that reloads. */
  private readonly _mcpTurns = new Map<string, { conversationId: string; turn: McpTurn }>();

  constructor(private readonly _deps: AssistantServiceDeps) {
    this._now = _deps.now ?? Date.now;
    this._providerByModel = _deps.providerByModel ?? new Map();
  }

  async ask(request: AskRequest): Promise<{ turnId: string; userMessageId: string }> {
    // The provider is resolved inside the run, so a missing one is reported as the turn's error.
    const { engine } = this._deps;
    const conversation = await engine.conversations.getConversation(request.conversationId);
    if (!conversation) throw new DomainError('not-found', `no conversation ${request.conversationId}`);
    const model = request.model.model;
    this._providerByModel.set(model, request.model.providerId);
    await engine.conversations.useModel(conversation.id, model, this._now());
    const build = () =>
      engine.buildRequest({
        conversationId: conversation.id,
        question: request.question,
        model,
        sessionId: request.sessionId ?? null,
        pinnedCommandIds: [...request.attachments],
      });
    let assembled = await build();
    if (leavesHistoryOut(assembled) && autoCompactOn(this._deps.settings.modelSettings(model))) {
      // As Warp, VS Code and Claude Code do: compact first rather than silently drop the oldest
      // turns. The pane shows the result (a summary, or what was truncated) and can undo it.
      const result = await engine.compactContext(conversation.id);
      if (result.mode !== 'none') {
        this._deps.emit('context:auto-compacted', { conversationId: conversation.id, result });
        assembled = await build();
      }
    }
    const pinned = request.attachments.length > 0 ? await engine.getCommands(request.attachments).catch(() => null) : null;
    const meta: MessageMeta = {
      sessionId: request.sessionId ?? null,
      attachments: request.attachments.map((commandId) => ({
        commandId,
        commandLine: pinned?.commands.find((c) => c.commandId === commandId)?.commandLine ?? null,
      })),
    };
    const question = await engine.conversations.recordQuestion({
      conversationId: conversation.id,
      model,
      question: request.question,
      meta: meta as Record<string, unknown>,
      at: this._now(),
    });
    const turn = this._turns.start(conversation.id, request.turnId);
    void this._run(turn, request, question, assembled, meta).finally(() => {
      this._agentTurns.delete(turn.turnId);
      this._mcpTurns.delete(turn.turnId);
      turn.finish();
    });
    return { turnId: turn.turnId, userMessageId: question.id };
  }

  /** Asks the conversation's last question again, if its answer failed or was cancelled. */
  async retry(conversationId: string, turnId: string, model?: ModelRef): Promise<{ turnId: string }> {
    const messages = await this._deps.engine.conversations.messages(conversationId);
    const last = messages.at(-1);
    if (!last || last.role !== 'user') throw new DomainError('failed', 'The last question already has an answer.');
    const meta = (last.meta ?? {}) as MessageMeta;
    const ref = model ?? meta.model ?? null;
    if (!ref) throw new DomainError('failed', 'Pick a model to retry with.');
    await this._deps.engine.conversations.withdrawQuestion(last.id);
    const { turnId: started } = await this.ask({
      conversationId,
      question: last.content,
      attachments: (meta.attachments ?? []).map((a) => a.commandId),
      model: ref,
      sessionId: meta.sessionId ?? null,
      turnId,
    });
    return { turnId: started };
  }

  /** The steps of the answer running now in a conversation, as the windows were last told. */
  runningSteps(conversationId: string): { turnId: string | null; steps: AgentStepView[] } {
    for (const [turnId, entry] of this._agentTurns) {
      if (entry.conversationId === conversationId) return { turnId, steps: [...entry.turn.views.values()] };
    }
    return { turnId: null, steps: [] };
  }

  /** The MCP tool steps of the answer running now in a conversation. */
  runningToolSteps(conversationId: string): { turnId: string | null; steps: ToolStepView[] } {
    for (const [turnId, entry] of this._mcpTurns) {
      if (entry.conversationId === conversationId) return { turnId, steps: [...entry.turn.views.values()] };
    }
    return { turnId: null, steps: [] };
  }

  cancel(turnId: string): boolean {
    return this._turns.cancel(turnId);
  }

  cancelAll(): void {
    this._turns.cancelAll();
  }

  async messages(conversationId: string): Promise<ConversationMessage[]> {
    // Hidden (compacted or cleared) messages stay visible in the pane, marked, so undo makes sense.
    return toMessageViews(await this._deps.engine.conversations.messages(conversationId, { includeCompacted: true }));
  }

  private async _run(
    turn: { turnId: string; conversationId: string; signal: AbortSignal },
    request: AskRequest,
    question: StoredMessageWithMeta,
    { context, preview, requestTokens }: AssembledRequest,
    meta: MessageMeta,
  ): Promise<void> {
    const { engine, settings, emit } = this._deps;
    const ids = { turnId: turn.turnId, conversationId: turn.conversationId };
    const modelMeta = { providerId: request.model.providerId, model: request.model.model };
    let stepsOf = (): AgentStepView[] => [];
    let toolStepsOf = (): ToolStepView[] => [];
    const fail = async (error: LlmErrorInfo, partialText: string) => {
      const failedMeta = { ...meta, model: modelMeta, error, partialText, steps: stepsOf(), toolSteps: toolStepsOf() };
      await engine.conversations.recordFailure(question.id, failedMeta as Record<string, unknown>);
      const views = await this.messages(turn.conversationId);
      emit('assistant:error', { ...ids, error, partialText, message: views.find((v) => v.id === `${question.id}:failed`) ?? null });
    };
    try {
      const { provider } = await settings.resolve({ providerId: request.model.providerId, model: request.model.model });
      const config = await engine.modelConfigs.config(request.model.model);
      const agentTurn = this._deps.agent
        ? new AgentTurn(this._deps.agent, {
            conversationId: turn.conversationId,
            activeSessionId: request.sessionId ?? null,
            emit: (step) => emit('agent:step', { ...ids, step }),
          })
        : undefined;
      const tools: AssistantTool[] = context.tools.flatMap((tool): AssistantTool[] => {
        if (tool.name !== GET_COMMANDS_TOOL_NAME) return tool.name === RUN_COMMAND_TOOL_NAME && agentTurn ? [agentTurn.tool] : [];
        return [{ name: tool.name, description: tool.description, parameters: tool.parameters, execute: (args) => engine.runTool(args) }];
      });
      // The user's MCP servers' tools, as they are now: a server that failed or hangs has none.
      const mcpTurn = this._deps.mcp
        ? new McpTurn(this._deps.mcp, (step) => emit('mcp:step', { ...ids, step }), turn.conversationId)
        : undefined;
      if (mcpTurn) {
        const taken = new Set(tools.map((tool) => tool.name));
        tools.push(...mcpTurn.tools().filter((tool) => !taken.has(tool.name)));
        this._mcpTurns.set(turn.turnId, { conversationId: turn.conversationId, turn: mcpTurn });
        toolStepsOf = () => [...mcpTurn.views.values()];
      }
      stepsOf = () => [...(agentTurn?.views.values() ?? [])];
      if (agentTurn) this._agentTurns.set(turn.turnId, { conversationId: turn.conversationId, turn: agentTurn });
      const toolViews = new Map<string, ReturnType<typeof toolCallView>>();
      const forward = forwardTurnEvents(ids, (channel, payload) => {
        if (channel === 'assistant:tool') {
          const view = (payload as { call: ReturnType<typeof toolCallView> }).call;
          toolViews.set(view.id, view);
        }
        emit(channel, payload);
      });
      const result = await runAssistantTurn({
        provider,
        model: request.model.model,
        // Exactly the messages the inspector showed (preview.messages), tools added by the loop.
        messages: preview.messages,
        tools,
        ...(config.reservedOutputTokens > 0 ? { maxOutputTokens: config.reservedOutputTokens } : {}),
        signal: turn.signal,
        onEvent: forward,
        // Each proposed command is a round of its own: room for the step limit and a few reads.
        maxRounds: settings.current.agent.maxSteps + DEFAULT_MAX_ROUNDS,
      });
      // No step can change any more: a window reading agent:steps from here on (one reopening the
      // conversation on assistant:done) must not see this turn as still running.
      this._agentTurns.delete(turn.turnId);
      this._mcpTurns.delete(turn.turnId);
      if (!result.ok) return await fail(result.error.toInfo(), result.partialText);
      const usage: TurnUsage = { total: result.usage.total, rounds: [...result.usage.rounds] };
      const answerMeta: MessageMeta = {
        toolCalls: [...toolViews.values()],
        steps: stepsOf(),
        toolSteps: toolStepsOf(),
        citations: await verifiedCitations(engine, result.text),
        usage: result.usage.total,
        model: modelMeta,
      };
      const firstRound = result.usage.rounds[0];
      await engine.conversations.recordAnswer({
        conversationId: turn.conversationId,
        model: request.model.model,
        answer: result.text,
        meta: answerMeta as Record<string, unknown>,
        at: this._now(),
        ...(firstRound ? { reported: { requestEstimate: requestTokens, promptTokens: firstRound.inputTokens } } : {}),
      });
      const views = await this.messages(turn.conversationId);
      emit('assistant:done', { ...ids, message: views.at(-1), usage, hitRoundLimit: result.hitRoundLimit });
      // Warns through the engine's listeners (wired to context:warning) once usage reaches the threshold.
      await engine.conversations.reportUsage(turn.conversationId);
    } catch (error) {
      const info: LlmErrorInfo =
        error instanceof LlmError
          ? error.toInfo()
          : {
              kind: 'invalid-request',
              message: (error as Error)?.message ?? String(error),
              retryable: true,
              retryAfterMs: null,
              status: null,
            };
      await fail(info, '').catch(() => undefined);
    }
  }
}
