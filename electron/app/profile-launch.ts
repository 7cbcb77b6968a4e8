// SPDX-License-Identifier: MIT
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { DomainError } from '../../shared/ipc/define';
import type { Profile, ProfilesSettings } from '../../shared/ipc/profiles';

export interface LaunchPlan {
  /** The program: a shell (integrated when `args` is undefined) or anything else. */
  readonly program: string;
  /** Set for a profile with arguments: run exactly this, without shell integration. */
  readonly args: readonly string[] | undefined;
  readonly cwd: string | undefined;
  readonly env: Record<string, string>;
  readonly profile: Profile | undefined;
}

/** `~` and `~/x` as a shell would read them; other relative paths from home. */
const expandHome = (path: string): string => {
  if (path === '~') return homedir();
  if (path.startsWith('~/')) return resolve(homedir(), path.slice(2));
  return isAbsolute(path) ? path : resolve(homedir(), path);
};

/**
 * What a new terminal runs: the profile asked for, else the default profile, else the shell.
 * A directory given with the request (a split starts where its neighbour is) wins over the
 * profile's. An unknown profile is the caller's mistake, not a silent fallback.
 */
export const planLaunch = (
  profiles: ProfilesSettings,
  request: { readonly profileId?: string | undefined; readonly cwd?: string | undefined },
  shell: string,
): LaunchPlan => {
  // '' asks for the plain shell even when a default profile is set.
  const id = request.profileId === '' ? undefined : (request.profileId ?? profiles.defaultId ?? undefined);
  const profile = id === undefined ? undefined : profiles.list.find((p) => p.id === id);
  if (id !== undefined && !profile && request.profileId !== undefined) throw new DomainError('not-found', `There is no profile "${id}".`);
  const program = profile?.command.trim() || shell;
  const args = profile && profile.args.length > 0 ? profile.args : undefined;
  const cwd = request.cwd || (profile?.cwd ? expandHome(profile.cwd) : undefined);
  return { program, args, cwd, env: { ...(profile?.env ?? {}) }, profile };
};
