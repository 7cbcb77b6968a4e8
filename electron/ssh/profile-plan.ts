// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export interface SshPlan {
  /** One-time id the remote's request is signed with. */
  readonly id: string;
  /** The host as given (what the per-host choice and the records name). */
  readonly host: string;
  /** ssh's arguments with the bootstrap: `-t`, the user's, the remote command. */
  readonly args: readonly string[];
}

/**
 * An SSH-host profile (`ssh` with arguments) runs ssh straight in its pty, with no local shell to
 * carry the integration: the same helper the shells' ssh function runs decides (interactive login,
 * host not turned off) and builds the remote command. CONTEXTERM_SSH_PTY tells it the pty is ours,
 * since it cannot see one from here. Undefined: run the profile exactly as given.
 */
export const planSshProfile = (integrationDir: string, prefsFile: string, args: readonly string[], env: Record<string, string>): SshPlan | undefined => {
  let out: string;
  try {
    out = execFileSync('sh', [join(integrationDir, 'ssh', 'plan.sh'), prefsFile, ...args], {
      encoding: 'utf8',
      env: { ...env, CONTEXTERM_SSH_PTY: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    });
  } catch {
    return undefined;
  }
  const [id, host, remote] = out.replace(/\n$/, '').split('\n');
  if (!id || !host || !remote) return undefined;
  return { id, host, args: ['-t', ...args, remote] };
};
