// SPDX-License-Identifier: MIT
import { hostname } from 'node:os';
import type { CommandRecord } from '../../shared/domain/command';
import type { AgentDeps } from '../agent/run/agent-deps';
import { RUN_COMMAND_TOOL } from '../agent/run/run-command-args';
import type { Settings } from '../../shared/ipc/settings';
import { AssistantService } from '../assistant/assistant-service';
import { providerChatModel } from '../assistant/provider-chat-model';
import { SettingsModelConfigRepository, SettingsRedactionRepository } from '../assistant/settings-backed-repositories';
import { ContextEngine } from '../context/context-engine';
import { ProjectInstructions, type SessionPlace } from '../context/project/project-instructions';
import { DEFAULT_CANDIDATE_OPTIONS } from '../context/relevance/relevance';
import { CommandPatternSignal, CwdSignal, HostnameSignal, OutcomeSignal, TimeProximitySignal } from '../context/relevance/relevance-signals';
import { assistantHandlers } from '../ipc/assistant-handlers';
import { contextHandlers } from '../ipc/context-handlers';
import { inlineAskHandlers } from '../ipc/inline-ask-handlers';
import type { Broadcast } from '../ipc/router';
import { createSettingsHandlers } from '../ipc/settings-handlers';
import type { SettingsService } from '../settings/settings-service';
import type { Store } from '../store/store';
import type { McpTurnDeps } from '../agent/mcp/mcp-turn';
import { Redactor } from '../context/redaction';

export interface AssistantWiringOptions {
  readonly store: Store;
  /** The one settings service (compose-core.ts opens it); the assistant reads and edits it. */
  readonly settings: SettingsService;
  readonly broadcast: Broadcast;
  readonly log: (message: string) => void;
  /**
   * A terminal's session as the recorder knows it now (its cwd follows every `cd`); the store's row
   * lags behind its write queue. Late-bound: the recorder is made after the assistant.
   */
  readonly liveSession?: (sessionId: string) => SessionPlace | undefined;
  /** The user's MCP servers' tools, given the redaction requests use (mcp-wiring.ts). */
  readonly mcp?: (redactor: () => Redactor) => McpTurnDeps;
}

const CALIBRATION_KEY = 'token-calibration';

const relevanceOptions = (settings: Settings) => {
  const { weights, threshold, windowMinutes } = settings.relevance;
  return {
    signals: [
      { signal: new CwdSignal(), weight: weights.cwd },
      { signal: new TimeProximitySignal(), weight: weights.time },
      { signal: new HostnameSignal(), weight: weights.hostname },
      { signal: new CommandPatternSignal(), weight: weights.commandPattern },
      { signal: new OutcomeSignal(), weight: 0.5 },
    ],
    relevanceThreshold: threshold,
    candidates: { ...DEFAULT_CANDIDATE_OPTIONS, sessionWindowMs: windowMinutes * 60_000 },
  };
};

/**
 * The context engine, conversations and the assistant, on top of the store and the settings (and
 * the settings' own handlers). Conversations are one of the store's tables, written by its writer
 * worker on its one connection (`store.tables`): the store owns its SQL and pragmas, this file only
 * joins the parts.
 */
export const wireAssistant = async (options: AssistantWiringOptions) => {
  const { settings } = options;
  const conversations = options.store.tables.conversations;
  // Summaries go to the provider that last answered with the conversation's model.
  const providerByModel = new Map<string, string>();
  const engine = await ContextEngine.create({
    commands: options.store,
    conversations,
    modelConfigs: new SettingsModelConfigRepository(settings),
    redactionSettings: new SettingsRedactionRepository(settings),
    chatModelFor: (model) => providerChatModel(settings, providerByModel.get(model), model),
    // run_command is offered in every request (and counted in it); without terminals it is dropped.
    actionTools: [RUN_COMMAND_TOOL],
    ...relevanceOptions(settings.current),
    // Learned token calibration sits beside the settings, so a restart counts as before it.
    calibration: {
      load: () => options.store.tables.settings.get(CALIBRATION_KEY),
      save: (json) => options.store.tables.settings.set(CALIBRATION_KEY, json),
    },
    log: options.log,
    projectInstructions: new ProjectInstructions({
      enabled: () => settings.current.agent.projectInstructions,
      session: (id) => options.liveSession?.(id) ?? options.store.getSession(id),
      newestCommand: async (id) => (await options.store.recentCommands(id, 1)).at(-1),
      localHostname: hostname(),
      log: options.log,
    }),
  });
  settings.onChange((current) => {
    engine.applyRedactionSettings(current.redaction);
    const relevance = relevanceOptions(current);
    engine.applyRelevance({ signals: relevance.signals, threshold: relevance.relevanceThreshold, candidates: relevance.candidates });
  });
  engine.onWarning((warning) => options.broadcast('context:warning', warning));
  const assistant = new AssistantService({
    engine,
    providerByModel,
    settings,
    emit: (channel, payload) => options.broadcast(channel, payload as never),
    // A tool result is redacted as requests are, with the user's patterns as they are now.
    ...(options.mcp ? { mcp: options.mcp(() => new Redactor(engine.getRedactionSettings())) } : {}),
  });
  const handlers = {
    ...contextHandlers(engine),
    ...createSettingsHandlers(settings, (view) => options.broadcast('settings:changed', view)),
    ...assistantHandlers({ assistant, engine, settings }),
    ...inlineAskHandlers({ sessions: options.store, settings, redaction: () => engine.getRedactionSettings() }),
  };
  return {
    handlers,
    engine,
    /** The run_command tool, once the terminals exist (compose-core.ts). */
    useAgent: (agent: AgentDeps) => assistant.useAgent(agent),
    runningSteps: (conversationId: string) => assistant.runningSteps(conversationId),
    runningToolSteps: (conversationId: string) => assistant.runningToolSteps(conversationId),
    commandFinished: (command: CommandRecord) => engine.commandFinished(command),
    forgetCommands: (commandIds: readonly string[], sessionIds: readonly string[]) => {
      engine.memory.forgetCommands(new Set(commandIds), new Set(sessionIds));
      // The store has redacted summaries that quoted them: the knowledge read from those at start follows.
      void conversations.recentSummaries(10).then(
        (records) => engine.memory.replaceSummaries(records.reverse().map((r) => ({ conversationId: r.conversationId, summary: r.summary ?? '' }))),
        (error: unknown) => options.log(`assistant: reloading summaries after a forget: ${String(error)}`),
      );
    },
    close: () => {
      assistant.cancelAll();
    },
  };
};
