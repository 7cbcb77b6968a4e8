// SPDX-License-Identifier: MIT
import type { ToolDefinition } from './domain/llm-context';
import type {
  CompactResult,
  ContextPreview,
  ContextUsage,
  ContextWarning,
  GetCommandsResult,
  ModelContextConfigInput,
  ModelContextConfigView,
  PreviewRequest,
  RedactionSettings,
  UndoResult,
} from '../../shared/ipc/context';
import { DEFAULT_CATALOG_OPTIONS, type CatalogOptions } from './request/catalog';
import { ConversationService } from './conversation/conversation-service';
import {
  DEFAULT_GET_COMMANDS_OPTIONS,
  getCommands,
  getCommandsTool,
  runGetCommandsTool,
  type GetCommandsOptions,
} from './request/get-commands-tool';
import { TwoTrackMemory } from './conversation/memory';
import { outwardAction, outwardRecord } from './outward/outward-view';
import { cleanOutputReader, RecentCommands, type RecentCommandsOptions } from './request/recent-commands';
import { compileUserPattern, DEFAULT_REDACTION_SETTINGS, Redactor } from './redaction';
import { DEFAULT_CANDIDATE_OPTIONS, RelevanceScorer, type CandidateOptions, type WeightedSignal } from './relevance/relevance';
import type { ConversationRepository, ModelConfigRepository, RedactionSettingsRepository } from './conversation/repositories';
import { buildRequest, type AssembledRequest, type RequestBuilderDeps } from './request/request-builder';
import type { ChatModel } from './conversation/summarizer';
import { ASSISTANT_SYSTEM_PROMPT } from './request/system-prompt';
import { TokenCounters } from './tokens/token-counter';
import { persistCalibration, type CalibrationRepository } from './tokens/calibration-persistence';
import { systemClock, type Clock, type CommandRecord, type CommandSource, type StreamReader } from './domain/ports';
import { ModelConfigService } from './conversation/model-config-service';
import type { ProjectInstructions } from './project/project-instructions';

/** What a question needs: the IPC request, with pinned commands optional for callers in main. */
export type QuestionRequest = Omit<PreviewRequest, 'pinnedCommandIds'> & { readonly pinnedCommandIds?: readonly string[] };

export interface ContextEngineOptions {
  readonly commands: CommandSource;
  readonly conversations: ConversationRepository;
  readonly modelConfigs: ModelConfigRepository;
  readonly redactionSettings?: RedactionSettingsRepository;
  /** How recent commands' output is read; default: the store's cached clean output. */
  readonly reader?: StreamReader;
  readonly chatModelFor?: (model: string) => ChatModel | null;
  readonly now?: Clock;
  readonly systemPrompt?: string;
  readonly recentCommands?: Partial<RecentCommandsOptions>;
  readonly signals?: readonly WeightedSignal[];
  readonly relevanceThreshold?: number;
  readonly candidates?: Partial<CandidateOptions>;
  readonly catalog?: Partial<CatalogOptions>;
  readonly getCommands?: Partial<GetCommandsOptions>;
  /** Tools offered beside get_commands (run_command), counted in every request like it. */
  readonly actionTools?: readonly ToolDefinition[];
  readonly memory?: TwoTrackMemory;
  readonly unlimitedBudget?: number;
  readonly catalogShare?: number;
  /** Keeps token calibration learned from providers' reports across restarts. */
  readonly calibration?: CalibrationRepository;
  readonly log?: (message: string) => void;
  /** Finds the active terminal's repository's AGENTS.md; without it no request carries one. */
  readonly projectInstructions?: Pick<ProjectInstructions, 'forSession'>;
}

/**
 * The context engine's entry points, one per IPC channel (electron/ipc/context-handlers.ts), plus what the assistant
 * pane needs around a model call: `buildRequest` before it, `runTool` during it; `conversations` stores the turn.
 */
export class ContextEngine {
  readonly memory: TwoTrackMemory;
  /** The one writer of conversations; the assistant service and handlers go through it too. */
  readonly conversations: ConversationService;
  readonly modelConfigs: ModelConfigService;
  readonly tokens = new TokenCounters();
  private _redactor: Redactor;
  private readonly _now: Clock;
  private _builder: RequestBuilderDeps;
  private readonly _getCommands: GetCommandsOptions;

  private constructor(
    private readonly _options: ContextEngineOptions,
    settings: RedactionSettings,
  ) {
    this._now = _options.now ?? systemClock;
    this._redactor = new Redactor(settings);
    this.memory = _options.memory ?? new TwoTrackMemory({ now: this._now });
    this.modelConfigs = new ModelConfigService(_options.modelConfigs);
    this._getCommands = { ...DEFAULT_GET_COMMANDS_OPTIONS, ..._options.getCommands };
    this.conversations = new ConversationService({
      conversations: _options.conversations,
      modelConfigs: this.modelConfigs,
      tokens: this.tokens,
      redactor: () => this._redactor,
      ...(_options.chatModelFor ? { chatModelFor: _options.chatModelFor } : {}),
      memory: this.memory,
      now: this._now,
    });
    this._builder = {
      commands: _options.commands,
      reader: _options.reader ?? cleanOutputReader(_options.commands),
      strategy: new RecentCommands({ withIds: true, ..._options.recentCommands }),
      scorer: new RelevanceScorer(_options.signals, _options.relevanceThreshold),
      candidates: { ...DEFAULT_CANDIDATE_OPTIONS, ..._options.candidates },
      catalog: { ...DEFAULT_CATALOG_OPTIONS, ..._options.catalog },
      memory: this.memory,
      systemPrompt: _options.systemPrompt ?? ASSISTANT_SYSTEM_PROMPT,
      tools: [getCommandsTool(this._getCommands), ...(_options.actionTools ?? [])],
      unlimitedBudget: _options.unlimitedBudget ?? 32_000,
      catalogShare: _options.catalogShare ?? 0.3,
    };
  }

  /** Loads saved redaction settings and earlier summaries (the long track's knowledge). */
  static async create(options: ContextEngineOptions): Promise<ContextEngine> {
    const settings = (await options.redactionSettings?.load()) ?? DEFAULT_REDACTION_SETTINGS;
    const engine = new ContextEngine(options, settings);
    if (options.calibration) {
      await persistCalibration(engine.tokens, options.calibration, (error) =>
        options.log?.(`token calibration: ${(error as Error)?.message ?? String(error)}`),
      );
    }
    for (const record of (await options.conversations.recentSummaries(10)).reverse()) {
      engine.memory.handle({ type: 'compaction-summary', conversationId: record.conversationId, summary: record.summary ?? '' });
    }
    return engine;
  }

  /**
   * The full request for a question. Its preview's messages are what a provider is sent
   * (electron/assistant/assistant-service.ts); each provider's adapter (electron/llm/*-messages.ts)
   * turns them into its wire format.
   */
  async buildRequest(request: QuestionRequest, signal?: AbortSignal): Promise<AssembledRequest> {
    const conversationId = request.conversationId ?? null;
    const [config, history, usage, project] = await Promise.all([
      this.modelConfigs.config(request.model),
      conversationId ? this.conversations.history(conversationId) : [],
      conversationId ? this.conversations.getContextUsage(conversationId) : null,
      this._options.projectInstructions?.forSession(request.sessionId ?? null) ?? null,
    ]);
    const assembled = await buildRequest(this._builder, {
      question: request.question,
      config,
      counter: this.tokens.for(request.model),
      redactor: this._redactor,
      sessionId: request.sessionId ?? null,
      pinnedCommandIds: request.pinnedCommandIds ?? [],
      history,
      nowMs: this._now(),
      usage,
      project,
      ...(signal ? { signal } : {}),
    });
    return { ...assembled, context: { ...assembled.context, model: request.model } };
  }

  async preview(request: QuestionRequest): Promise<ContextPreview> {
    return (await this.buildRequest(request)).preview;
  }

  getContextUsage(conversationId: string): Promise<ContextUsage> {
    return this.conversations.getContextUsage(conversationId);
  }

  clearContext(conversationId: string): Promise<ContextUsage> {
    return this.conversations.clearContext(conversationId);
  }

  compactContext(conversationId: string, signal?: AbortSignal): Promise<CompactResult> {
    return this.conversations.compactContext(conversationId, signal ? { signal } : {});
  }

  undoCompaction(conversationId: string): Promise<UndoResult> {
    return this.conversations.undoCompaction(conversationId);
  }

  createConversation(model: string, title?: string) {
    return this.conversations.createConversation(model, title);
  }

  onWarning(listener: (warning: ContextWarning) => void): () => void {
    return this.conversations.onWarning(listener);
  }

  /** Feeds the short track; the core calls it for every finished command. */
  commandFinished(command: CommandRecord): void {
    // Through the outward view now: the short track cuts the line and output to 80 characters.
    this.memory.handle({ type: 'command-finished', command: outwardAction(command, this._redactor) });
  }

  /**
   * The records an answer cites, as they are now, through the outward view (a citation is stored
   * with the answer and shown beside it): to tell real ids from made-up ones.
   */
  async citedCommands(commandIds: readonly string[]): Promise<CommandRecord[]> {
    return (await this._options.commands.commandsByIds([...commandIds])).map((command) => outwardRecord(command, this._redactor));
  }

  getCommands(commandIds: readonly string[]): Promise<GetCommandsResult> {
    return getCommands(this._options.commands, commandIds, this._redactor, this._getCommands);
  }

  /** One `get_commands` tool call from raw model arguments to the text returned to the model. */
  async runTool(rawArguments: unknown): Promise<string> {
    const result = await runGetCommandsTool(this._options.commands, rawArguments, this._redactor, this._getCommands);
    this.memory.handle({
      type: 'tool-result',
      name: 'get_commands',
      output: result.length > 200 ? `${result.length} chars of command output` : result,
      isError: result.startsWith('{"error"'),
    });
    return result;
  }

  getModelConfig(model: string): Promise<ModelContextConfigView> {
    return this.modelConfigs.get(model);
  }

  setModelConfig(input: ModelContextConfigInput): Promise<ModelContextConfigView> {
    return this.modelConfigs.set(input);
  }

  getRedactionSettings(): RedactionSettings {
    return this._redactor.settings;
  }

  /** Patterns are compiled before anything is saved: a bad one is refused, not silently skipped. */
  async setRedactionSettings(settings: RedactionSettings): Promise<RedactionSettings> {
    settings.userPatterns.forEach(compileUserPattern);
    await this._options.redactionSettings?.save(settings);
    return this.applyRedactionSettings(settings);
  }

  /** New relevance weights, threshold or window (the settings page), from the next request on. */
  applyRelevance(relevance: { signals: readonly WeightedSignal[]; threshold: number; candidates: Partial<CandidateOptions> }): void {
    this._builder = {
      ...this._builder,
      scorer: new RelevanceScorer(relevance.signals, relevance.threshold),
      candidates: { ...this._builder.candidates, ...relevance.candidates },
    };
  }

  /** Uses settings saved elsewhere (the settings service) from the next request on, without saving. */
  applyRedactionSettings(settings: RedactionSettings): RedactionSettings {
    this._redactor = new Redactor(settings);
    return settings;
  }
}
