// SPDX-License-Identifier: MIT
import { checkDraft, draftFrom, type DraftOf } from '../../../shared/settings/draft';
import { SETTINGS_REGISTRY, type SectionName, type Settings, type SettingsPatch } from '../../../shared/settings/registry';
import type { SettingsView } from '../../../shared/ipc/settings';
import { offHostsCodec } from '../../ssh/ssh-form';
import { autoRunCommandsCodec } from './agent-form';
import { excludePatternsCodec } from './history-form';
import { keybindingsCodec } from './keys-form';
import { modelsCodec } from './model-draft';
import { profilesCodec } from './profiles-form';
import { providersCodec } from './provider-draft';

/**
 * The settings page edits a draft (shared/settings/draft.ts) in which every number is still the
 * text the user typed; `patchOf` turns it into a `settings:set` payload and reports every bad
 * field at once, checked with the same schema and cross-field rules the main process uses.
 * Ordinary settings need nothing here; these are the custom entries with a draft of their own.
 */
export const DRAFT_CODECS = {
  providers: providersCodec,
  models: modelsCodec,
  profiles: profilesCodec,
  keybindings: keybindingsCodec,
  'history.excludePatterns': excludePatternsCodec,
  'ssh.offHosts': offHostsCodec,
  'agent.autoRunCommands': autoRunCommandsCodec,
} as const;

export type SettingsDraft = DraftOf<typeof SETTINGS_REGISTRY.root, typeof DRAFT_CODECS>;

/** Field path (as in `settings:set` errors, e.g. `models.0.contextLimit`) → message. */
export type FieldErrors = Readonly<Record<string, string>>;

/** What every settings section and editor gets: the draft, its errors, and a way to change the draft. */
export interface SectionProps {
  readonly draft: SettingsDraft;
  readonly errors: FieldErrors;
  readonly saved: SettingsView;
  readonly update: (change: (draft: SettingsDraft) => SettingsDraft) => void;
}

export const draftOf = (view: SettingsView): SettingsDraft => draftFrom(SETTINGS_REGISTRY.root, view, DRAFT_CODECS) as SettingsDraft;

/** Only what the main process would not know yet: with the saved view's `hasKey` etc. stripped. */
const comparable = (view: SettingsView): Settings => ({
  ...view,
  providers: view.providers.map(({ hasKey: _h, keySource: _k, models: _m, modelsFetchedAt: _f, ...p }) => p),
});

export type PatchResult =
  | { readonly ok: true; readonly patch: SettingsPatch; readonly changed: readonly SectionName[] }
  | { readonly ok: false; readonly errors: FieldErrors };

/**
 * The `settings:set` payload for a draft: only the sections that differ from `saved` (the main
 * process keeps sections it is not sent, so an untouched provider list keeps following defaults).
 */
export const patchOf = (draft: SettingsDraft, saved: SettingsView): PatchResult => {
  const { patch, changed, errors } = checkDraft(SETTINGS_REGISTRY, DRAFT_CODECS, draft, comparable(saved));
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, patch: patch as SettingsPatch, changed: changed as SectionName[] };
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
