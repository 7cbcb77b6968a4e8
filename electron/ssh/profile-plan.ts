// SPDX-License-Identifier: MIT
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { basename, join } from 'node:path';
import type { Profile } from '../../shared/settings/profile-schema';
import { bootstrapCommand } from './remote-payload';

export interface SshPlan {
  /** One-time id the remote's request is signed with. */
  readonly id: string;
  /** The host as given (what the per-host choice and the records name). */
  readonly host: string;
  /** ssh's arguments with the bootstrap: `-t`, the user's, the remote command. */
  readonly args: readonly string[];
}

const keyOf = (args: readonly string[]): string => JSON.stringify(args);

/**
 * SSH-host profiles (`ssh` with arguments) run ssh straight in their pty, with no local shell to
 * carry the integration. The same helper the shells' ssh function runs (ssh/plan.sh: interactive
 * login? host not turned off?) decides for each profile, but ahead of time, whenever the profiles
 * or the ssh choices change: it runs `ssh -G`, which may run the user's `Match exec` commands, and
 * opening a tab must not wait for that. Only a profile opened before its plan is ready (saved a
 * moment ago) is planned on the spot.
 */
export class SshProfilePlans {
  private _plans = new Map<string, string>();
  /** The profiles' arguments of the latest refresh, planned or not yet. */
  private _wanted = new Set<string>();
  private _env: Record<string, string> = {};
  private _generation = 0;

  constructor(
    private readonly _integrationDir: string,
    private readonly _prefsFile: string,
  ) {}

  /** Plans every ssh profile again; resolves when done (a newer refresh supersedes it). */
  async refresh(profiles: readonly Profile[], env: Record<string, string>): Promise<void> {
    const generation = ++this._generation;
    const plans = new Map<string, string>();
    const ssh = profiles.filter((profile) => basename(profile.command.trim()) === 'ssh' && profile.args.length > 0);
    this._wanted = new Set(ssh.map((profile) => keyOf(profile.args)));
    this._env = env;
    // Until this refresh is done, a profile opened is planned on the spot: the old plans may be stale.
    this._plans = new Map();
    await Promise.all(
      ssh.map(async (profile) => {
        const host = await this._plan(profile.args, env);
        if (host !== undefined) plans.set(keyOf(profile.args), host);
      }),
    );
    if (generation === this._generation) this._plans = plans;
  }

  /** How to start `ssh <args>` with the integration, from the last plan; undefined: as given. */
  launch(args: readonly string[]): SshPlan | undefined {
    const key = keyOf(args);
    let host = this._plans.get(key);
    if (host === undefined && this._wanted.has(key) && this._generation > 0) host = this._planNow(args);
    if (host === undefined) return undefined;
    const id = `c${randomBytes(12).toString('hex')}`;
    return { id, host, args: ['-t', ...args, bootstrapCommand(this._integrationDir, id)] };
  }

  private _planNow(args: readonly string[]): string | undefined {
    try {
      const stdout = execFileSync('sh', this._argv(args), {
        encoding: 'utf8',
        env: { ...this._env, CONTEXTERM_SSH_PTY: '1' },
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 5000,
      });
      const host = stdout.split('\n')[1] || undefined;
      if (host !== undefined) this._plans.set(keyOf(args), host);
      return host;
    } catch {
      return undefined;
    }
  }

  private _argv(args: readonly string[]): string[] {
    return [join(this._integrationDir, 'ssh', 'plan.sh'), this._prefsFile, ...args];
  }

  /** plan.sh's verdict: the host when interactive and on. CONTEXTERM_SSH_PTY: the pty will be ours. */
  private _plan(args: readonly string[], env: Record<string, string>): Promise<string | undefined> {
    return new Promise((resolve) => {
      execFile('sh', this._argv(args), { encoding: 'utf8', env: { ...env, CONTEXTERM_SSH_PTY: '1' }, timeout: 10_000 }, (error, stdout) =>
        resolve(error ? undefined : stdout.split('\n')[1] || undefined),
      );
    });
  }
}
