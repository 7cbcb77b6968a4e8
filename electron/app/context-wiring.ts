// SPDX-License-Identifier: MIT
import { hostname } from 'node:os';
import type { Settings } from '../../shared/ipc/settings';
import { RUN_COMMAND_TOOL } from '../agent/run/run-command-args';
import { providerChatModel } from '../assistant/provider-chat-model';
import { SettingsModelConfigRepository, SettingsRedactionRepository } from '../assistant/settings-backed-repositories';
import { ContextEngine } from '../context/context-engine';
import { ProjectInstructions, type SessionPlace } from '../context/project/project-instructions';
import { DEFAULT_CANDIDATE_OPTIONS } from '../context/relevance/relevance';
import {
  CommandPatternSignal,
  CwdSignal,
  HostnameSignal,
  OutcomeSignal,
  TimeProximitySignal,
} from '../context/relevance/relevance-signals';
import type { Broadcast } from '../ipc/router';
import type { SettingsService } from '../settings/settings-service';
import type { Store } from '../store/store';

export interface ContextWiringOptions {
  readonly store: Store;
  /** The one settings service (compose-core.ts opens it). */
  readonly settings: SettingsService;
  readonly broadcast: Broadcast;
  readonly log: (message: string) => void;
  /** A terminal's session as the recorder knows it now (its cwd follows every `cd`); the store's row lags behind its write queue. */
  readonly liveSession?: (sessionId: string) => SessionPlace | undefined;
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
 * The context engine on top of the store and the settings, following their changes. It comes
 * before the assistant's hands (the run_command tool reads records through it) and the assistant
 * itself, which is handed both when it is made (assistant-wiring.ts).
 */
export const wireContext = async (options: ContextWiringOptions) => {
  const { settings } = options;
  // Summaries go to the provider that last answered with the conversation's model (the assistant fills it).
  const providerByModel = new Map<string, string>();
  const engine = await ContextEngine.create({
    commands: options.store,
    conversations: options.store.tables.conversations,
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
  return { engine, providerByModel };
};
