// SPDX-License-Identifier: MIT
import { homedir } from 'node:os';
import { DomainError } from '../../shared/ipc/define';
import { hasNul } from '../../shared/settings/fields';
import type { Profile, ProfilesSettings } from '../../shared/settings/profile-schema';
import { checkDirectory, checkProgram, type LaunchProblem } from '../pty/launch-check';
import { expandHome, programOf } from '../pty/profile-problems';

export interface LaunchPlan {
  /** The program: a shell (integrated when `args` is undefined) or anything else. */
  readonly program: string;
  /** Set for a profile with arguments: run exactly this, without shell integration. */
  readonly args: readonly string[] | undefined;
  readonly cwd: string | undefined;
  readonly env: Record<string, string>;
  readonly profile: Profile | undefined;
  /** Set when the terminal's own program or directory cannot start: it shows this instead. */
  readonly problem?: string;
}

/** Who the message is about: the profile, else the shell setting (Settings → Terminal, or $SHELL). */
const subject = (profile: Profile | undefined, problem: LaunchProblem): string =>
  profile ? `Profile "${profile.name}"` : problem.kind === 'program' ? 'Your shell' : 'This terminal';

/**
 * Why `plan` cannot start, checked as the keeper would run it: in its directory (home if none), with
 * the PATH it gets (the profile's own if it sets one). Undefined when it can start.
 */
const launchProblem = (plan: LaunchPlan, inheritedPath: string | undefined): LaunchProblem | undefined =>
  (plan.cwd === undefined ? undefined : checkDirectory(plan.cwd)) ??
  checkProgram(plan.program, { path: plan.env.PATH ?? inheritedPath, cwd: plan.cwd ?? homedir() });

/**
 * A terminal that cannot start its program still opens, and says why in its own screen: an error
 * banner is easy to miss, and a tab that just shows "[process exited with code 127]" says nothing.
 * POSIX sh is what every terminal's keeper runs under anyway; the message is an argument, never code.
 */
const explainer = (plan: LaunchPlan, problem: LaunchProblem): LaunchPlan => {
  const message = `${subject(plan.profile, problem)}: ${problem.message}`;
  const hint = plan.profile
    ? 'Fix the profile in Settings → Profiles.'
    : problem.kind === 'program'
      ? 'Set another in Settings → Terminal.'
      : '';
  const title = `${plan.profile?.name ?? 'Terminal'}: cannot start`;
  // The title (OSC 2) names the tab, which would otherwise be called after /bin/sh.
  const script = `printf '\\033]2;%s\\007Cannot start this terminal.\\r\\n%s\\r\\n%s\\r\\n' "$4" "$1" "$2"; exit "$3"`;
  return {
    program: '/bin/sh',
    args: ['-c', script, 'contexterm', message, hint, String(problem.exitCode), title],
    cwd: undefined,
    env: {},
    profile: plan.profile,
    problem: message,
  };
};

/** Unreachable through the schemas (they refuse NUL on save and in pty:spawn); kept so exec never gets a cut-short string. */
const refuseNul = (plan: LaunchPlan): void => {
  const texts = [plan.program, ...(plan.args ?? []), plan.cwd ?? '', ...Object.entries(plan.env).flat()];
  if (texts.some(hasNul))
    throw new DomainError('invalid-payload', "The terminal's program, arguments, directory or environment contain a NUL byte.");
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
  inheritedPath: string | undefined = process.env.PATH,
): LaunchPlan => {
  // '' asks for the plain shell even when a default profile is set.
  const id = request.profileId === '' ? undefined : (request.profileId ?? profiles.defaultId ?? undefined);
  const profile = id === undefined ? undefined : profiles.list.find((p) => p.id === id);
  if (id !== undefined && !profile && request.profileId !== undefined) throw new DomainError('not-found', `There is no profile "${id}".`);
  const program = (profile && programOf(profile)) || shell;
  const args = profile && profile.args.length > 0 ? profile.args : undefined;
  const cwd = request.cwd || (profile?.cwd ? expandHome(profile.cwd) : undefined);
  const plan: LaunchPlan = { program, args, cwd, env: { ...(profile?.env ?? {}) }, profile };
  refuseNul(plan);
  const problem = launchProblem(plan, inheritedPath);
  return problem ? explainer(plan, problem) : plan;
};
