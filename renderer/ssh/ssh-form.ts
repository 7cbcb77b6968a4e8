// SPDX-License-Identifier: MIT
import type { SshSettings } from '../../shared/ipc/ssh';

/** Settings → SSH as typed: the hosts turned off, one per line. */
export interface SshDraft {
  readonly integration: boolean;
  readonly offHosts: string;
}

export const sshDraftOf = (s: SshSettings): SshDraft => ({ integration: s.integration, offHosts: s.offHosts.join('\n') });

/** Blank lines are dropped; anything else goes to the schema, which says what is wrong with it. */
export const sshOf = (d: SshDraft): SshSettings => ({
  integration: d.integration,
  offHosts: d.offHosts
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
});

/** The settings with `host` turned off (the notice's button): unchanged when it already is. */
export const withHostOff = (s: SshSettings, host: string): SshSettings => (s.offHosts.includes(host) ? s : { ...s, offHosts: [...s.offHosts, host] });
