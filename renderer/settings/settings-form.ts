// SPDX-License-Identifier: MIT
import { effectiveLimit, SAFETY_MARGIN } from '../../shared/domain/model-limits';
import type { CompactionMode } from '../../shared/ipc/context';
import {
  autoCompactOn,
  fieldErrorsOf,
  SettingsPatch,
  type ModelSettings,
  type ProviderKind,
  type ProviderSettings,
  type Settings,
  type SettingsView,
} from '../../shared/ipc/settings';
import { notificationsDraftOf, notificationsOf, type NotificationsDraft } from '../notify/notifications-form';
import { sshDraftOf, sshOf, type SshDraft } from '../ssh/ssh-form';
import { historyDraftOf, historyOf, type HistoryDraft } from './history-form';
import { keybindingsDraftOf, keybindingsOf, type KeybindingsDraft } from './keys-form';
import { profilesDraftOf, profilesOf, type ProfilesDraft } from './profiles-form';

/**
 * The settings page edits a draft in which every number is still the text the user typed, so a
 * half-typed "0." or an empty limit is representable; `patchOf` turns it into a `settings:set`
 * payload and reports every bad field at once, checked with the same schema the main process uses.
 */
export interface ProviderDraft {
  readonly id: string;
  readonly kind: ProviderKind;
  readonly label: string;
  readonly baseUrl: string;
  readonly defaultModel: string;
  readonly timeoutSeconds: string;
}

export interface ModelDraft {
  readonly model: string;
  /** The limit as typed; ignored (and empty) while `noLimit` is chosen. */
  readonly contextLimit: string;
  /** "No limit" chosen explicitly (stored as a limit of 0); a typed 0 is an error instead. */
  readonly noLimit: boolean;
  readonly warningThreshold: string;
  readonly compactionMode: CompactionMode;
  readonly reservedOutputTokens: string;
  /** Compact before a question that would leave history out; undefined = the default for its limit. */
  readonly autoCompact: boolean | undefined;
}

export interface SettingsDraft {
  readonly providers: readonly ProviderDraft[];
  readonly defaultProviderId: string | null;
  readonly models: readonly ModelDraft[];
  readonly relevance: {
    readonly windowMinutes: string;
    readonly weights: { readonly cwd: string; readonly time: string; readonly hostname: string; readonly commandPattern: string };
    readonly threshold: string;
  };
  readonly redaction: Settings['redaction'];
  readonly terminal: {
    readonly shell: string;
    readonly fontFamily: string;
    readonly fontSize: string;
    readonly theme: Settings['terminal']['theme'];
    readonly scrollback: string;
    readonly copyOnSelect: boolean;
    readonly restore: Settings['terminal']['restore'];
    readonly scheme: string;
    readonly customSchemes: Settings['terminal']['customSchemes'];
    readonly ligatures: boolean;
    readonly cursorStyle: Settings['terminal']['cursorStyle'];
    readonly cursorBlink: boolean;
    readonly onExit: Settings['terminal']['onExit'];
  };
  readonly history: HistoryDraft;
  readonly profiles: ProfilesDraft;
  readonly notifications: NotificationsDraft;
  readonly keybindings: KeybindingsDraft;
  readonly ssh: SshDraft;
}

/** Field path (as in `settings:set` errors, e.g. `models.0.contextLimit`) → message. */
export type FieldErrors = Readonly<Record<string, string>>;

const text = (n: number): string => String(n);

export const providerDraftOf = (p: ProviderSettings): ProviderDraft => ({
  id: p.id,
  kind: p.kind,
  label: p.label,
  baseUrl: p.baseUrl,
  defaultModel: p.defaultModel,
  timeoutSeconds: text(p.timeoutSeconds),
});

export const modelDraftOf = (m: ModelSettings): ModelDraft => ({
  model: m.model,
  contextLimit: m.contextLimit > 0 ? text(m.contextLimit) : '',
  noLimit: m.contextLimit <= 0,
  warningThreshold: text(m.warningThreshold),
  compactionMode: m.compactionMode,
  reservedOutputTokens: text(m.reservedOutputTokens),
  autoCompact: m.autoCompact,
});

/** What the "Compact automatically" box shows: the user's choice, else the default for the limit. */
export const autoCompactShown = (m: ModelDraft): boolean =>
  m.autoCompact ?? autoCompactOn({ contextLimit: m.noLimit ? 0 : Number(m.contextLimit) || 0, autoCompact: undefined });

export const draftOf = (view: SettingsView): SettingsDraft => ({
  providers: view.providers.map(providerDraftOf),
  defaultProviderId: view.defaultProviderId,
  models: view.models.map(modelDraftOf),
  relevance: {
    windowMinutes: text(view.relevance.windowMinutes),
    weights: {
      cwd: text(view.relevance.weights.cwd),
      time: text(view.relevance.weights.time),
      hostname: text(view.relevance.weights.hostname),
      commandPattern: text(view.relevance.weights.commandPattern),
    },
    threshold: text(view.relevance.threshold),
  },
  redaction: view.redaction,
  terminal: { ...view.terminal, fontSize: text(view.terminal.fontSize), scrollback: text(view.terminal.scrollback) },
  history: historyDraftOf(view.history),
  profiles: profilesDraftOf(view.profiles),
  notifications: notificationsDraftOf(view.notifications),
  keybindings: keybindingsDraftOf(view.keybindings),
  ssh: sshDraftOf(view.ssh),
});

/**
 * A number from a text field. Text that is not a number becomes NaN, which the schema rejects
 * with the field's own message (what it expects), so each bad field gets exactly one message.
 */
const numberAt = (raw: string, options: { emptyAs?: number } = {}): number => {
  const trimmed = raw.trim();
  if (trimmed === '' && options.emptyAs !== undefined) return options.emptyAs;
  return trimmed === '' ? Number.NaN : Number(trimmed);
};

export const NO_LIMIT_LABEL = 'No limit';
const LIMIT_EXAMPLE = 'e.g. 128000';

/** The context limit: 0 only when "No limit" was chosen; a typed 0 or nothing at all is explained. */
const limitAt = (m: ModelDraft, path: string, errors: Record<string, string>): number => {
  if (m.noLimit) return 0;
  const trimmed = m.contextLimit.trim();
  if (trimmed === '') {
    errors[path] = `enter the model\u2019s context window in tokens (${LIMIT_EXAMPLE}), or choose \u201c${NO_LIMIT_LABEL}\u201d`;
    return 0;
  }
  const value = Number(trimmed);
  if (value === 0) errors[path] = `0 tokens is not a limit: enter the model\u2019s context window (${LIMIT_EXAMPLE}), or choose \u201c${NO_LIMIT_LABEL}\u201d if it has none`;
  return value;
};

const stripProvider = (p: ProviderDraft): ProviderSettings => ({
  id: p.id,
  kind: p.kind,
  label: p.label,
  baseUrl: p.baseUrl.trim(),
  defaultModel: p.defaultModel.trim(),
  timeoutSeconds: numberAt(p.timeoutSeconds),
});

/** The full settings the draft describes, with text-to-number problems in `errors`. */
const settingsOf = (draft: SettingsDraft, errors: Record<string, string>): Settings => ({
  providers: draft.providers.map((p) => stripProvider(p)),
  defaultProviderId: draft.defaultProviderId,
  models: draft.models.map((m, i) => ({
    model: m.model.trim(),
    contextLimit: limitAt(m, `models.${i}.contextLimit`, errors),
    warningThreshold: numberAt(m.warningThreshold),
    compactionMode: m.compactionMode,
    reservedOutputTokens: numberAt(m.reservedOutputTokens, { emptyAs: 0 }),
    ...(m.autoCompact === undefined ? {} : { autoCompact: m.autoCompact }),
  })),
  relevance: {
    windowMinutes: numberAt(draft.relevance.windowMinutes),
    weights: {
      cwd: numberAt(draft.relevance.weights.cwd),
      time: numberAt(draft.relevance.weights.time),
      hostname: numberAt(draft.relevance.weights.hostname),
      commandPattern: numberAt(draft.relevance.weights.commandPattern),
    },
    threshold: numberAt(draft.relevance.threshold),
  },
  redaction: draft.redaction,
  terminal: {
    ...draft.terminal,
    fontSize: numberAt(draft.terminal.fontSize),
    scrollback: numberAt(draft.terminal.scrollback),
  },
  history: historyOf(draft.history),
  profiles: profilesOf(draft.profiles),
  notifications: notificationsOf(draft.notifications),
  keybindings: keybindingsOf(draft.keybindings, errors),
  ssh: sshOf(draft.ssh),
});

const SECTIONS = ['providers', 'defaultProviderId', 'models', 'relevance', 'redaction', 'terminal', 'history', 'notifications', 'profiles', 'keybindings', 'ssh'] as const;
type Section = (typeof SECTIONS)[number];

/** Only what the main process would not know yet: with the saved view's `hasKey` etc. stripped. */
const comparable = (view: SettingsView): Settings => ({
  ...view,
  providers: view.providers.map(({ hasKey: _h, keySource: _k, models: _m, modelsFetchedAt: _f, ...p }) => p),
});

export type PatchResult = { readonly ok: true; readonly patch: SettingsPatch; readonly changed: readonly Section[] } | { readonly ok: false; readonly errors: FieldErrors };

/**
 * The `settings:set` payload for a draft: only the sections that differ from `saved` (the main
 * process keeps sections it is not sent, so an untouched provider list keeps following defaults).
 */
export const patchOf = (draft: SettingsDraft, saved: SettingsView): PatchResult => {
  const errors: Record<string, string> = {};
  const next = settingsOf(draft, errors);
  const before = comparable(saved);
  const changed = SECTIONS.filter((name) => JSON.stringify(next[name]) !== JSON.stringify(before[name]));
  const patch: Record<string, unknown> = {};
  for (const name of changed) patch[name] = next[name];
  // The default provider must be sent with a provider list it refers to.
  if (changed.includes('providers') && !changed.includes('defaultProviderId')) patch.defaultProviderId = next.defaultProviderId;
  const parsed = SettingsPatch.safeParse(patch);
  if (!parsed.success) {
    // The first message per field only: zod can report one value twice (not whole and too small).
    for (const issue of fieldErrorsOf(parsed.error.issues)) errors[issue.path] ??= issue.message;
  }
  next.models.forEach((m, i) => {
    // The engine assembles requests to this share of the window, so the answer's reserve must fit below it.
    const effective = effectiveLimit(m.contextLimit);
    const path = `models.${i}.reservedOutputTokens`;
    // Only against a limit that is itself valid: a wrong limit gets its own message, not a second one here.
    if (m.contextLimit > 0 && !errors[`models.${i}.contextLimit`] && Number.isFinite(m.reservedOutputTokens) && m.reservedOutputTokens >= effective && !errors[path]) {
      errors[path] = `must be below ${effective} (${Math.round(SAFETY_MARGIN * 100)} % of the limit, where requests are assembled to)`;
    }
  });
  if (next.defaultProviderId !== null && !next.providers.some((p) => p.id === next.defaultProviderId)) {
    errors.defaultProviderId = 'pick one of the providers';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, patch: patch as SettingsPatch, changed };
};

/**
 * Whether closing would lose something: a draft that saves differently from `saved`, or one with
 * values that do not save at all. Typing a value and typing it back away is not a change.
 */
export const hasUnsavedChanges = (draft: SettingsDraft, saved: SettingsView): boolean => {
  const result = patchOf(draft, saved);
  return !result.ok || result.changed.length > 0;
};

/** `settings:set`'s `path: message` lines (its invalid-payload error) back into field errors. */
export const parseFieldErrorLines = (message: string): FieldErrors => {
  const errors: Record<string, string> = {};
  for (const line of message.split('\n')) {
    const match = /^([\w.]+|\(root\)): (.+)$/.exec(line.trim());
    if (match) errors[match[1] === '(root)' ? '' : match[1]!] ??= match[2]!;
  }
  return errors;
};

/** The error for a field or anything nested under it (`providers.0` covers `providers.0.baseUrl`). */
export const errorAt = (errors: FieldErrors, path: string): string | undefined => errors[path];

export const errorsUnder = (errors: FieldErrors, prefix: string): string[] =>
  Object.entries(errors)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .map(([path, message]) => `${path.slice(prefix.length + 1) || prefix}: ${message}`);

/** A fresh provider id not yet used: `openai`, `openai-2`, … */
export const newProviderId = (kind: ProviderKind, existing: readonly { id: string }[]): string => {
  const base = kind === 'openai-compatible' ? 'local' : kind;
  const taken = new Set(existing.map((p) => p.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
};

export const DEFAULT_BASE_URLS: Readonly<Record<ProviderKind, string>> = {
  'openai-compatible': 'http://127.0.0.1:11434/v1',
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};
