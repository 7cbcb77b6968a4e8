// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { LlmErrorInfo, ProviderId } from './assistant';
import { CompactionMode, RedactionSettings } from './context';
import { event, invoke } from './define';
import { hasNul, wholeNumber } from './fields';
import { HistorySettings } from './history';
import { KeybindingsSettings } from './keybindings';
import { NotificationSettings } from './notifications';
import { SshSettings } from './ssh';
import { ProfilesSettings } from './profiles';

export const ProviderKind = z.enum(['openai-compatible', 'openai', 'anthropic']);
export type ProviderKind = z.infer<typeof ProviderKind>;

export { ProviderId };

const share = (min: number, max: number, example: string) => {
  const expected = `enter a number from ${min} to ${max} (${example})`;
  return z.number({ error: expected }).min(min, { error: expected }).max(max, { error: expected });
};

/** Credentials in a URL would end up in logs and error messages; keys go through set-key instead. */
export const BaseUrl = z
  .url({ protocol: /^https?$/, error: 'an http:// or https:// URL' })
  .max(2048)
  .refine((url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url), 'no user name or password in the URL (use the key field)')
  .refine((url) => !/[?#]/.test(url), 'no query string or fragment');

export const ProviderSettings = z.strictObject({
  id: ProviderId,
  kind: ProviderKind,
  label: z.string().trim().min(1).max(80),
  baseUrl: BaseUrl,
  /** Empty when none was picked yet. */
  defaultModel: z.string().max(200),
  /** Time allowed until the response starts (connect, queueing, model load). */
  timeoutSeconds: wholeNumber(5, 600, 'seconds'),
});
export type ProviderSettings = z.infer<typeof ProviderSettings>;

/** Field names match the context engine's ModelContextConfig, so one can feed the other. */
export const ModelSettings = z.strictObject({
  model: z.string().min(1).max(200),
  /** 0 means "no limit known". */
  contextLimit: wholeNumber(0, 100_000_000, 'tokens', {
    expected: 'enter the model\u2019s context window as a whole number of tokens (e.g. 128000), or choose \u201cNo limit\u201d',
    tooSmall: 'a limit cannot be negative: enter the model\u2019s context window in tokens (e.g. 128000), or choose \u201cNo limit\u201d',
    tooBig: 'at most 100,000,000 tokens',
  }),
  warningThreshold: share(0.05, 1, 'e.g. 0.8 warns at 80 % of the limit'),
  compactionMode: CompactionMode,
  reservedOutputTokens: wholeNumber(0, 10_000_000, 'tokens'),
  /**
   * Compact before a question whose request would leave history out. Absent means the default:
   * on for models under 16K tokens (where every turn counts), off above.
   */
  autoCompact: z.boolean().optional(),
});
export type ModelSettings = z.infer<typeof ModelSettings>;

/** Below this window, auto-compaction is on unless the user turned it off. */
export const AUTO_COMPACT_BELOW_TOKENS = 16_000;

export const autoCompactOn = (m: Pick<ModelSettings, 'contextLimit' | 'autoCompact'> | undefined): boolean =>
  m?.autoCompact ?? (m !== undefined && m.contextLimit > 0 && m.contextLimit < AUTO_COMPACT_BELOW_TOKENS);

const weight = share(0, 1, 'e.g. 0.4');

export const RelevanceSettings = z.strictObject({
  windowMinutes: wholeNumber(1, 7 * 24 * 60, 'minutes'),
  weights: z
    .strictObject({ cwd: weight, time: weight, hostname: weight, commandPattern: weight })
    .refine((w) => w.cwd + w.time + w.hostname + w.commandPattern > 0, 'at least one weight must be above 0'),
  threshold: share(0, 1, 'e.g. 0.35 lists commands scoring 35 % or more'),
});
export type RelevanceSettings = z.infer<typeof RelevanceSettings>;

/** `#rrggbb`, or `#rrggbbaa` (a see-through selection). */
export const SchemeColor = z.string().regex(/^#[0-9a-f]{6}([0-9a-f]{2})?$/i, { error: 'a colour like #1e2030' });

/** A terminal colour scheme in xterm.js's names: the 16 ANSI colours and those around them. */
export const SchemeColors = z.strictObject({
  background: SchemeColor,
  foreground: SchemeColor,
  cursor: SchemeColor,
  /** The character under a block cursor; the background when absent. */
  cursorAccent: SchemeColor.optional(),
  selectionBackground: SchemeColor,
  selectionForeground: SchemeColor.optional(),
  black: SchemeColor,
  red: SchemeColor,
  green: SchemeColor,
  yellow: SchemeColor,
  blue: SchemeColor,
  magenta: SchemeColor,
  cyan: SchemeColor,
  white: SchemeColor,
  brightBlack: SchemeColor,
  brightRed: SchemeColor,
  brightGreen: SchemeColor,
  brightYellow: SchemeColor,
  brightBlue: SchemeColor,
  brightMagenta: SchemeColor,
  brightCyan: SchemeColor,
  brightWhite: SchemeColor,
});
export type SchemeColors = z.infer<typeof SchemeColors>;

export const MAX_CUSTOM_SCHEMES = 20;

/** An imported scheme (iTerm2, Windows Terminal, VS Code); its id never clashes with a built-in's. */
export const CustomScheme = z.strictObject({
  id: z.string().regex(/^custom-[a-z0-9-]{1,48}$/, { error: 'an id like custom-my-scheme' }),
  name: z.string().trim().min(1).max(80),
  colors: SchemeColors,
});
export type CustomScheme = z.infer<typeof CustomScheme>;

export const CursorStyle = z.enum(['block', 'bar', 'underline']);
export type CursorStyle = z.infer<typeof CursorStyle>;

export const ExitBehaviour = z.enum(['close', 'clean', 'keep']);
export type ExitBehaviour = z.infer<typeof ExitBehaviour>;

export const TerminalSettings = z.strictObject({
  /** Empty: the user's $SHELL, else /bin/bash. */
  shell: z.string().max(4096).refine((shell) => !hasNul(shell), 'the shell contains a NUL byte'),
  fontFamily: z.string().trim().min(1).max(200),
  fontSize: wholeNumber(6, 72, 'pixels'),
  theme: z.enum(['light', 'dark', 'system']),
  scrollback: wholeNumber(0, 1_000_000, 'lines'),
  copyOnSelect: z.boolean(),
  /** What a start with no terminals does with the last session's tabs and panes. */
  restore: z.enum(['always', 'ask', 'never']).default('always'),
  /** `system`: Contexterm's own colours, light or dark with the theme; else a built-in or custom scheme's id. */
  scheme: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'pick a colour scheme' }).default('system'),
  customSchemes: z
    .array(CustomScheme)
    .max(MAX_CUSTOM_SCHEMES, { error: `at most ${MAX_CUSTOM_SCHEMES} imported schemes: remove one first` })
    .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'scheme ids must be unique')
    .default([]),
  /** Programming ligatures (=>, !=, ->) where the font has them. */
  ligatures: z.boolean().default(false),
  cursorStyle: CursorStyle.default('block'),
  cursorBlink: z.boolean().default(true),
  /**
   * What a pane does when its shell exits: close (the tab goes with its last pane), close only
   * after a clean exit (code 0; a failure stays on screen with its status), or stay open.
   */
  onExit: ExitBehaviour.default('close'),
});
export type TerminalSettings = z.infer<typeof TerminalSettings>;

export { RedactionSettings, HistorySettings };

const unique = <T>(items: readonly T[], key: (item: T) => string): boolean =>
  new Set(items.map(key)).size === items.length;

export const Settings = z.object({
  providers: z
    .array(ProviderSettings)
    .max(20)
    .refine((list) => unique(list, (p) => p.id), 'provider ids must be unique'),
  defaultProviderId: ProviderId.nullable(),
  models: z
    .array(ModelSettings)
    .max(500)
    .refine((list) => unique(list, (m) => m.model), 'one entry per model'),
  relevance: RelevanceSettings,
  redaction: RedactionSettings,
  terminal: TerminalSettings,
  history: HistorySettings,
  notifications: NotificationSettings,
  profiles: ProfilesSettings,
  keybindings: KeybindingsSettings,
  ssh: SshSettings,
});
export type Settings = z.infer<typeof Settings>;

/**
 * `settings:set` replaces the sections it names and keeps the others. A key belongs to its
 * provider's origin: saving a provider with another scheme, host or port deletes its key.
 */
export const SettingsPatch = z.strictObject({
  providers: Settings.shape.providers.optional(),
  defaultProviderId: Settings.shape.defaultProviderId.optional(),
  models: Settings.shape.models.optional(),
  relevance: RelevanceSettings.optional(),
  redaction: RedactionSettings.optional(),
  terminal: TerminalSettings.optional(),
  history: HistorySettings.optional(),
  notifications: NotificationSettings.optional(),
  profiles: ProfilesSettings.optional(),
  keybindings: KeybindingsSettings.optional(),
  ssh: SshSettings.optional(),
});
export type SettingsPatch = z.input<typeof SettingsPatch>;

/** A provider as the renderer sees it: whether a key exists, never the key. */
export const ProviderView = ProviderSettings.extend({
  hasKey: z.boolean(),
  keySource: z.enum(['stored', 'environment']).nullable(),
  models: z.array(z.string()),
  modelsFetchedAt: z.number().nullable(),
});
export type ProviderView = z.infer<typeof ProviderView>;

export const SettingsView = Settings.extend({
  providers: z.array(ProviderView),
  keyStorage: z.object({ backend: z.string(), secure: z.boolean() }),
  /** The provider that came from CONTEXTERM_* variables, if any. */
  environmentProviderId: z.string().nullable(),
});
export type SettingsView = z.infer<typeof SettingsView>;

export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** One line per field, `path: message`, the format of the `invalid-payload` error message. */
export const fieldErrorsOf = (issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldError[] =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

export const formatFieldErrors = (errors: readonly FieldError[]): string =>
  errors.map((e) => `${e.path || '(root)'}: ${e.message}`).join('\n');

export const TestProviderResult = z.object({
  ok: z.boolean(),
  method: z.enum(['list-models', 'completion']),
  models: z.array(z.string()),
  latencyMs: z.number().int().min(0),
  error: LlmErrorInfo.nullable(),
});
export type TestProviderResult = z.infer<typeof TestProviderResult>;

export const ModelList = z.object({
  providerId: z.string(),
  models: z.array(z.string()),
  fetchedAt: z.number().nullable(),
  /** Set when the refresh failed; `models` then holds the cached list. */
  error: LlmErrorInfo.nullable(),
});
export type ModelList = z.infer<typeof ModelList>;

export const settingsChannels = {
  'settings:get': invoke(z.strictObject({}), SettingsView),
  /** Bad values answer `invalid-payload` with one `path: message` line per field; nothing is saved. */
  'settings:set': invoke(SettingsPatch, SettingsView),
  /** Tests a saved provider, or unsaved edits of it (`provider`), by listing models or a 1-token request. */
  'settings:test-provider': invoke(
    z.strictObject({ providerId: ProviderId, provider: ProviderSettings.optional(), model: z.string().min(1).max(200).optional() }),
    TestProviderResult,
  ),
  /** Write-only: no channel ever returns a key. */
  'settings:set-key': invoke(
    z.strictObject({ providerId: ProviderId, key: z.string().trim().min(1).max(4096).regex(/^[\x21-\x7e]+$/, 'printable characters only') }),
    z.object({ hasKey: z.boolean() }),
  ),
  'settings:delete-key': invoke(z.strictObject({ providerId: ProviderId }), z.object({ hasKey: z.boolean() })),
  'models:list': invoke(z.strictObject({ providerId: ProviderId, refresh: z.boolean().optional() }), ModelList),
  /** Sent to every window after a save, so settings apply live everywhere. */
  'settings:changed': event(SettingsView),
} as const;
