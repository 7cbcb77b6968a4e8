// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { event } from './define';

/** A host as the user types it after `ssh` (an alias from ~/.ssh/config or a name): no spaces or controls. */
export const SshHost = z.string().trim().min(1).max(255).regex(/^[^\s\x00-\x1f\x7f]+$/, { error: 'a host name or alias, without spaces' });

/**
 * SSH integration: `ssh host` typed at an integrated prompt (an interactive login without a
 * remote command) starts the remote login shell with Contexterm's integration, sent over the
 * connection itself and deleted from the host at start-up. On by default; off for every host, or
 * for the hosts listed.
 */
export const SshSettings = z.strictObject({
  integration: z.boolean(),
  offHosts: z
    .array(SshHost)
    .max(500)
    .refine((hosts) => new Set(hosts).size === hosts.length, 'each host once'),
});
export type SshSettings = z.infer<typeof SshSettings>;

export const DEFAULT_SSH: SshSettings = { integration: true, offHosts: [] };

/**
 * What happened to `ssh host` with the integration: `integrated` (the remote shell runs it; its
 * commands become records of their own), `unsupported` (the login shell there is not bash, zsh or
 * fish: a plain session, recorded as one command as before), or `no-shell` (ssh ended without the
 * remote running our bootstrap: a device's CLI, a menu, git hosting; it may need turning off).
 */
export const SshNotice = z.strictObject({
  sessionId: z.string(),
  host: z.string(),
  shell: z.string(),
  outcome: z.enum(['integrated', 'unsupported', 'no-shell']),
});
export type SshNotice = z.infer<typeof SshNotice>;

export const sshChannels = {
  'ssh:notice': event(SshNotice),
} as const;
