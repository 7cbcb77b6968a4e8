// SPDX-License-Identifier: MIT
import { AgentAutoRunCommands } from './editors/agent-commands';
import { HistoryPatterns, SshHosts } from './editors/line-lists';
import { KeysSection } from './editors/keys-section';
import { McpServersSection } from './editors/mcp-servers-section';
import { ModelsSection } from './editors/models-section';
import { NotificationPermission } from './editors/notification-permission';
import { ProfilesSection } from './editors/profiles-section';
import { RedactionPatterns } from './editors/redaction-patterns';
import { SchemeField } from './editors/scheme-field';
import { StoragePanel } from './editors/storage-panel';
import { SyncPanel } from './editors/sync-panel';
import { ProvidersSection } from './providers/providers-section';
import type { EditorTable } from './registry-section';

/**
 * The editors the settings registry names (shared/settings): whole sections for structured
 * settings (providers, models, keys, profiles), custom fields inside generic sections, and blocks.
 */
export const EDITORS: EditorTable = {
  providers: ProvidersSection,
  models: ModelsSection,
  keys: KeysSection,
  profiles: ProfilesSection,
  scheme: SchemeField,
  'history-patterns': HistoryPatterns,
  'redaction-patterns': RedactionPatterns,
  'ssh-hosts': SshHosts,
  'agent-auto-run-commands': AgentAutoRunCommands,
  'storage-panel': StoragePanel,
  'mcp-servers': McpServersSection,
  'notification-permission': NotificationPermission,
  'sync-status': SyncPanel,
};
