// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile, ProfilesSettings } from '../../shared/settings/profile-schema';
import { planLaunch } from './profile-launch';

// Made at load time: it.each's rows are built before any hook runs.
const dir = mkdtempSync(join(tmpdir(), 'ct-launch-'));
const tool = join(dir, 'tool');

beforeAll(() => writeFileSync(tool, '#!/bin/sh\n', { mode: 0o755 }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const profiles = (patch: Partial<Profile>): ProfilesSettings => ({
  list: [{ id: 'work', name: 'Work', command: tool, args: ['-x'], cwd: dir, env: {}, scheme: '', fontFamily: '', fontSize: 0, ...patch }],
  defaultId: null,
});

describe('planLaunch', () => {
  it('runs the profile as saved when it can start', () => {
    const plan = planLaunch(profiles({}), { profileId: 'work' }, '/bin/sh');
    expect({ program: plan.program, args: plan.args, cwd: plan.cwd, problem: plan.problem }).toEqual({
      program: tool,
      args: ['-x'],
      cwd: dir,
      problem: undefined,
    });
  });

  it.each([
    ['a program removed since the save', { command: join(dir, 'gone') }, `Profile "Work": program not found: ${join(dir, 'gone')}`, '127'],
    [
      'a directory removed since the save',
      { cwd: join(dir, 'gone') },
      `Profile "Work": directory does not exist: ${join(dir, 'gone')}`,
      '1',
    ],
  ])('opens a terminal that says why for %s', (_what, patch, message, exitCode) => {
    const plan = planLaunch(profiles(patch), { profileId: 'work' }, '/bin/sh');
    expect(plan.problem).toBe(message);
    // The message is an argument of a fixed script, never spliced into code.
    expect(plan.program).toBe('/bin/sh');
    expect(plan.args?.slice(2)).toEqual(['contexterm', message, 'Fix the profile in Settings → Profiles.', exitCode, 'Work: cannot start']);
    expect(plan.profile?.id).toBe('work');
  });

  it('says so when the shell itself is missing', () => {
    const plan = planLaunch({ list: [], defaultId: null }, {}, join(dir, 'no-shell'));
    expect(plan.problem).toBe(`Your shell: program not found: ${join(dir, 'no-shell')}`);
  });

  it('looks a bare name up in the profile PATH', () => {
    expect(planLaunch(profiles({ command: 'tool', env: { PATH: dir } }), { profileId: 'work' }, '/bin/sh').problem).toBeUndefined();
    expect(planLaunch(profiles({ command: 'tool', env: { PATH: '/nowhere' } }), { profileId: 'work' }, '/bin/sh').problem).toMatch(
      /not found: tool/,
    );
  });

  it('never hands a NUL byte to exec', () => {
    expect(() => planLaunch(profiles({ args: ['a\u0000b'] }), { profileId: 'work' }, '/bin/sh')).toThrow(/NUL byte/);
    expect(() => planLaunch(profiles({}), { profileId: 'work', cwd: '/tmp\u0000/x' }, '/bin/sh')).toThrow(/NUL byte/);
  });
});
