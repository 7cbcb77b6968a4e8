// SPDX-License-Identifier: MIT
import { DEFAULT_RELEVANCE_THRESHOLD } from '../context/relevance/relevance';
import type {
  HistorySettings,
  ProviderSettings,
  RedactionSettings,
  RelevanceSettings,
  Settings,
  TerminalSettings,
} from '../../shared/ipc/settings';
import { DEFAULT_BASE_URLS } from '../llm/provider-factory';
import { DEFAULT_NOTIFICATIONS } from '../../shared/ipc/notifications';
import { DEFAULT_SSH } from '../../shared/ipc/ssh';

/** Works with no key and no account: `ollama serve` and a pulled model are all it needs. */
export const DEFAULT_PROVIDER: ProviderSettings = {
  id: 'ollama',
  kind: 'openai-compatible',
  label: 'Ollama (local)',
  baseUrl: DEFAULT_BASE_URLS['openai-compatible'],
  defaultModel: '',
  timeoutSeconds: 60,
};

/** Seed 002: a two-hour window for recently ended sessions; the working directory weighs most. */
export const DEFAULT_RELEVANCE: RelevanceSettings = {
  windowMinutes: 120,
  weights: { cwd: 0.4, time: 0.3, hostname: 0.15, commandPattern: 0.15 },
  // The engine's own default (0.35, as the README says): one number, not two that drift apart.
  threshold: DEFAULT_RELEVANCE_THRESHOLD,
};

export const DEFAULT_REDACTION: RedactionSettings = { enabled: true, userPatterns: [] };

export const DEFAULT_TERMINAL: TerminalSettings = {
  shell: '',
  // Bundled with the renderer (OFL), so it is there offline in both hosts.
  fontFamily: "'JetBrains Mono', monospace",
  fontSize: 14,
  theme: 'system',
  scrollback: 10_000,
  copyOnSelect: false,
  restore: 'always',
  scheme: 'system',
  customSchemes: [],
  ligatures: false,
  cursorStyle: 'block',
  cursorBlink: true,
  onExit: 'close',
};

/**
 * Raw output: 2 GB and 30 days (a month of scrollback at a few MB a day leaves the cap for
 * floods). Records: a year, a million commands (~1 GB at the 32K clean-output cap, far less in
 * practice). One command keeps at most 64 MB of raw output: its head and its tail.
 */
export const DEFAULT_HISTORY: HistorySettings = {
  rawMaxMb: 2048,
  rawMaxAgeDays: 30,
  commandRawMaxMb: 64,
  recordsMaxAgeDays: 365,
  recordsMax: 1_000_000,
  ignoreSpace: true,
  excludePatterns: [],
};

export const DEFAULT_SETTINGS: Settings = {
  providers: [DEFAULT_PROVIDER],
  defaultProviderId: DEFAULT_PROVIDER.id,
  models: [],
  relevance: DEFAULT_RELEVANCE,
  redaction: DEFAULT_REDACTION,
  terminal: DEFAULT_TERMINAL,
  history: DEFAULT_HISTORY,
  profiles: { list: [], defaultId: null },
  notifications: DEFAULT_NOTIFICATIONS,
  ssh: DEFAULT_SSH,
  keybindings: {},
};
