// SPDX-License-Identifier: MIT
import type { DraftCodec } from '../../shared/settings/draft';
import type { SshSettings } from '../../shared/ipc/ssh';

/**
 * Settings → SSH's host list as typed: one host per line. Blank lines are dropped; anything else
 * goes to the schema, which says what is wrong with it.
 */
export const offHostsCodec: DraftCodec<string[], string> = {
  toDraft: (hosts) => hosts.join('\n'),
  fromDraft: (text) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
};

/** The settings with `host` turned off (the notice's button): unchanged when it already is. */
export const withHostOff = (s: SshSettings, host: string): SshSettings =>
  s.offHosts.includes(host) ? s : { ...s, offHosts: [...s.offHosts, host] };
