// SPDX-License-Identifier: MIT
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/ipc/settings';
import { DEFAULT_SETTINGS } from '../../shared/settings/registry';
import { applySettingsPatch } from './validate';

// Made at load time: it.each's rows are built before any hook runs.
const dir = mkdtempSync(join(tmpdir(), 'ct-profile-check-'));
const tool = join(dir, 'bin', 'tool');
const notExecutable = join(dir, 'bin', 'plain');
const aFile = join(dir, 'a-file');

beforeAll(() => {
  mkdirSync(join(dir, 'bin'));
  writeFileSync(tool, '#!/bin/sh\n', { mode: 0o755 });
  writeFileSync(notExecutable, 'not a program\n', { mode: 0o644 });
  writeFileSync(aFile, '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const profile = (patch: Record<string, unknown> = {}) => ({
  id: 'work',
  name: 'Work',
  command: tool,
  args: ['-x'],
  cwd: dir,
  env: { MARK: 'm' },
  ...patch,
});
const save = (patch: Record<string, unknown>, current: Settings = DEFAULT_SETTINGS) =>
  applySettingsPatch(current, { profiles: { list: [profile(patch)], defaultId: null } });
const errorsOf = (patch: Record<string, unknown>, current?: Settings) => {
  const result = save(patch, current);
  return result.ok ? [] : result.fieldErrors;
};

describe('profiles: text that exec would cut short', () => {
  it.each([
    ['the program', { command: '/bin/sh\u0000-x' }, 'profiles.list.0.command', /^Profile "Work": the program contains a NUL byte$/],
    ['an argument', { args: ['ok', 'a\u0000b'] }, 'profiles.list.0.args.1', /^Profile "Work": arguments contain a NUL byte$/],
    ['the directory', { cwd: '/tmp\u0000/x' }, 'profiles.list.0.cwd', /^Profile "Work": the directory contains a NUL byte$/],
    ['a variable', { env: { MARK: 'a\u0000b' } }, 'profiles.list.0.env.MARK', /^Profile "Work": the environment contains a NUL byte$/],
  ])('refuses a NUL byte in %s, naming the field', (_what, patch, path, message) => {
    const errors = errorsOf(patch);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe(path);
    expect(errors[0]!.message).toMatch(message);
  });

  it('refuses a NUL byte in the shell setting', () => {
    const result = applySettingsPatch(DEFAULT_SETTINGS, { terminal: { ...DEFAULT_SETTINGS.terminal, shell: '/bin/bash\u0000' } });
    expect(result.ok ? [] : result.fieldErrors).toEqual([{ path: 'terminal.shell', message: 'the shell contains a NUL byte' }]);
  });
});

describe('profiles: programs and directories that cannot start a terminal', () => {
  it('accepts a profile whose program and directory exist, by path or through PATH', () => {
    expect(save({}).ok).toBe(true);
    expect(save({ command: 'tool', env: { PATH: join(dir, 'bin') } }).ok).toBe(true);
    expect(save({ command: 'sh' }).ok).toBe(true);
    // An empty program is the shell, not the profile's to fix.
    expect(save({ command: '' }).ok).toBe(true);
  });

  it.each([
    ['a missing program', { command: join(dir, 'nope') }, 'command', `Profile "Work": program not found: ${join(dir, 'nope')}`],
    [
      'a program not in PATH',
      { command: 'no-such-tool-here', env: { PATH: join(dir, 'bin') } },
      'command',
      'Profile "Work": program not found: no-such-tool-here (not in PATH)',
    ],
    [
      'a program that is not executable',
      { command: notExecutable },
      'command',
      `Profile "Work": program is not executable: ${notExecutable}`,
    ],
    [
      'a PATH match that is not executable',
      { command: 'plain', env: { PATH: join(dir, 'bin') } },
      'command',
      `Profile "Work": program is not executable: ${notExecutable}`,
    ],
    ['a directory as the program', { command: dir }, 'command', `Profile "Work": program is a directory: ${dir}`],
    ['a missing directory', { cwd: '/nope-contexterm' }, 'cwd', 'Profile "Work": directory does not exist: /nope-contexterm'],
    ['a file as the directory', { cwd: aFile }, 'cwd', `Profile "Work": not a directory: ${aFile}`],
  ])('refuses %s on save, naming the profile and the field', (_what, patch, field, message) => {
    expect(errorsOf(patch)).toEqual([{ path: `profiles.list.0.${field}`, message }]);
  });

  it('only checks profiles that are new or whose program, directory or PATH changed', () => {
    const gone = join(dir, 'removed-later');
    writeFileSync(gone, '#!/bin/sh\n', { mode: 0o755 });
    const saved = save({ command: gone });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    rmSync(gone);
    // Renaming it (or saving another profile) still works; changing its program checks again.
    expect(errorsOf({ command: gone, name: 'Work renamed' }, saved.settings)).toEqual([]);
    expect(errorsOf({ command: gone, cwd: '/' }, saved.settings)).toEqual([
      { path: 'profiles.list.0.command', message: `Profile "Work": program not found: ${gone}` },
    ]);
  });
});
