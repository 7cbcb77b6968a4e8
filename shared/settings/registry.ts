// SPDX-License-Identifier: MIT
import type { z } from 'zod';
import { agent } from './agent-entries';
import { defaultProviderId, models, providers, redaction, relevance } from './assistant-entries';
import { history, notifications, ssh } from './command-entries';
import { defaultsOf, patchSchemaOf, settingsSchemaOf } from './derive';
import { SETTINGS_RULES } from './rules';
import { sync } from './sync-entries';
import { group, type Registry, type SettingsPage, type ValueOf } from './setting';
import { keybindings, profiles, terminal } from './terminal-entries';

/*
 * Contexterm's settings, every one defined once (the entries files beside this one). The wire
 * schema (`settings:get` / `settings:set`), the defaults, the draft the Settings page edits and
 * its generic sections are derived from here; a new ordinary setting is an entry in its section.
 */

const ROOT = group({
  providers,
  defaultProviderId,
  models,
  relevance,
  redaction,
  agent,
  terminal,
  history,
  notifications,
  profiles,
  keybindings,
  ssh,
  sync,
});
type RootEntries = typeof ROOT.entries;

/** The Settings page, top to bottom (and its navigation). */
const PAGES: readonly SettingsPage[] = [
  { id: 'providers', nav: 'Providers', editor: 'providers' },
  { id: 'models', nav: 'Models', editor: 'models' },
  { id: 'relevance', nav: 'Relevance', section: 'relevance' },
  { id: 'redaction', nav: 'Redaction', section: 'redaction' },
  { id: 'agent', nav: 'Assistant actions', section: 'agent' },
  { id: 'tools', nav: 'Tools', editor: 'mcp-servers' },
  { id: 'terminal', nav: 'Terminal', section: 'terminal' },
  { id: 'keys', nav: 'Keys', editor: 'keys' },
  { id: 'profiles', nav: 'Profiles', editor: 'profiles' },
  { id: 'history', nav: 'History', section: 'history' },
  { id: 'notifications', nav: 'Notifications', section: 'notifications' },
  { id: 'ssh', nav: 'SSH', section: 'ssh' },
  { id: 'sync', nav: 'Sync', section: 'sync' },
];

export type Settings = ValueOf<typeof ROOT>;
export type SectionName = keyof Settings;

export const SETTINGS_REGISTRY: Registry<RootEntries> = { root: ROOT, rules: SETTINGS_RULES, pages: PAGES };

export const Settings = settingsSchemaOf(SETTINGS_REGISTRY);

/**
 * `settings:set` replaces the sections it names and keeps the others. A key belongs to its
 * provider's origin: saving a provider with another scheme, host or port deletes its key.
 */
export const SettingsPatch = patchSchemaOf(SETTINGS_REGISTRY);
export type SettingsPatch = z.input<typeof SettingsPatch>;

export const DEFAULT_SETTINGS: Settings = defaultsOf(ROOT);

export const SECTION_NAMES = Object.keys(ROOT.entries) as SectionName[];

export const RedactionSettings = Settings.shape.redaction;
export type RedactionSettings = Settings['redaction'];
export const AgentSettings = Settings.shape.agent;
export type AgentSettings = Settings['agent'];
export const TerminalSettings = Settings.shape.terminal;
export type TerminalSettings = Settings['terminal'];
export const HistorySettings = Settings.shape.history;
export type HistorySettings = Settings['history'];
export const NotificationSettings = Settings.shape.notifications;
export type NotificationSettings = Settings['notifications'];
export const SshSettings = Settings.shape.ssh;
export type SshSettings = Settings['ssh'];
