// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { AgentDeps } from '../agent/run/agent-deps';
import type { McpTurnDeps } from '../agent/mcp/mcp-turn';
import { AssistantService } from '../assistant/assistant-service';
import type { ContextEngine } from '../context/context-engine';
import { Redactor } from '../context/redaction';
import { assistantHandlers } from '../ipc/assistant-handlers';
import { contextHandlers } from '../ipc/context-handlers';
import { inlineAskHandlers } from '../ipc/inline-ask-handlers';
import type { Broadcast } from '../ipc/router';
import { createSettingsHandlers } from '../ipc/settings-handlers';
import type { Recorder } from '../recorder/recorder';
import type { SettingsService } from '../settings/settings-service';
import type { Store } from '../store/store';

export interface AssistantWiringOptions {
  readonly store: Store;
  /** The one settings service (compose-core.ts opens it); the assistant reads and edits it. */
  readonly settings: SettingsService;
  readonly broadcast: Broadcast;
  readonly log: (message: string) => void;
  /** The context engine and the provider each model last answered through (context-wiring.ts). */
  readonly context: { readonly engine: ContextEngine; readonly providerByModel: Map<string, string> };
  /** Its finished commands reach the context engine's memory. */
  readonly recorder: Pick<Recorder, 'on'>;
  /** The run_command tool over the live terminals (agent-wiring.ts); without it answers only read. */
  readonly agent?: AgentDeps;
  /** The user's MCP servers' tools, given the redaction requests use (mcp-wiring.ts). */
  readonly mcp?: (redactor: () => Redactor) => McpTurnDeps;
}

/**
 * Conversations and the assistant, on top of the context engine, the store and the settings (and
 * the settings' own handlers). Conversations are one of the store's tables, written by its writer
 * worker on its one connection (`store.tables`): the store owns its SQL and pragmas, this file only
 * joins the parts.
 */
export const wireAssistant = (options: AssistantWiringOptions) => {
  const { settings } = options;
  const { engine, providerByModel } = options.context;
  const conversations = options.store.tables.conversations;
  options.recorder.on('command', (command: CommandRecord) => {
    if (command.endedAt !== null) engine.commandFinished(command);
  });
  const assistant = new AssistantService({
    engine,
    providerByModel,
    settings,
    emit: (channel, payload) => options.broadcast(channel, payload as never),
    ...(options.agent ? { agent: options.agent } : {}),
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
    runningSteps: (conversationId: string) => assistant.runningSteps(conversationId),
    runningToolSteps: (conversationId: string) => assistant.runningToolSteps(conversationId),
    forgetCommands: (commandIds: readonly string[], sessionIds: readonly string[]) => {
      engine.memory.forgetCommands(new Set(commandIds), new Set(sessionIds));
      // The store has redacted summaries that quoted them: the knowledge read from those at start follows.
      void conversations.recentSummaries(10).then(
        (records) =>
          engine.memory.replaceSummaries(records.reverse().map((r) => ({ conversationId: r.conversationId, summary: r.summary ?? '' }))),
        (error: unknown) => options.log(`assistant: reloading summaries after a forget: ${String(error)}`),
      );
    },
    close: () => {
      assistant.cancelAll();
    },
  };
};
