// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { event } from './define';

/** SSH integration is a setting, defined with the others (shared/settings/command-entries.ts). */
export { SshSettings } from '../settings/registry';

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
