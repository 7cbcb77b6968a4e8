// SPDX-License-Identifier: MIT
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { Profile } from '../../shared/settings/profile-schema';
import { checkDirectory, checkProgram } from './launch-check';

// What the disk says about a profile, shared by the settings' save (electron/settings/validate.ts)
// and a terminal's launch (electron/app/profile-launch.ts). It lives beside the launch checks so
// that settings need not import the composition root.

/** `~` and `~/x` as a shell would read them; other relative paths from home. */
export const expandHome = (path: string): string => {
  if (path === '~') return homedir();
  if (path.startsWith('~/')) return resolve(homedir(), path.slice(2));
  return isAbsolute(path) ? path : resolve(homedir(), path);
};

/** A profile's own program, '' for the shell; `~/bin/tool` as a shell would read it (exec knows no ~). */
export const programOf = (profile: Profile): string => {
  const command = profile.command.trim();
  return command.startsWith('~/') ? expandHome(command) : command;
};

export interface ProfileProblem {
  readonly field: 'command' | 'cwd';
  readonly message: string;
}

/**
 * What would stop a profile from starting, for its save (main can look at the disk, the renderer
 * cannot): its directory and its own program. An empty program is the shell, which is not the
 * profile's to fix, so it is only checked when a terminal opens.
 */
export const profileProblems = (profile: Profile, inheritedPath: string | undefined = process.env.PATH): ProfileProblem[] => {
  const cwd = profile.cwd ? expandHome(profile.cwd) : undefined;
  const program = programOf(profile);
  const problems = [
    cwd === undefined ? undefined : checkDirectory(cwd),
    program ? checkProgram(program, { path: profile.env.PATH ?? inheritedPath, cwd: cwd ?? homedir() }) : undefined,
  ];
  return problems.flatMap((problem) =>
    problem
      ? [{ field: problem.kind === 'program' ? 'command' : 'cwd', message: `Profile "${profile.name}": ${problem.message}` } as const]
      : [],
  );
};
