// SPDX-License-Identifier: MIT
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellLaunch } from '../../../electron/segmenter/shell-launch';
import { startPty } from '../support/pty-helpers';
import { firstPrompt, startIntegratedPty, type IntegratedPty } from '../support/pty-integrated';
import { INTEGRATION_DIR } from '../support/segmenter-harness';

/**
 * What any program in the session can read about its ancestors: the environment each one started
 * with (/proc/<pid>/environ keeps it for life, whatever a script unsets later) and its argv. The
 * walk starts at the walker itself and climbs through the shell and the keeper to pid 1.
 */
const WALK = [
  'p=$$',
  'while [ -n "$p" ] && [ "$p" -gt 1 ]; do',
  '  printf "== %s\\n" "$p"',
  "  tr '\\000' '\\n' < /proc/$p/environ 2>/dev/null",
  "  tr '\\000' ' ' < /proc/$p/cmdline 2>/dev/null; echo",
  "  p=$(sed 's/.*) [A-Za-z] \\([0-9]*\\) .*/\\1/' /proc/$p/stat 2>/dev/null)",
  'done',
  '',
].join('\n');

/**
 * Forges a command end, a prompt and a new command with every nonce-shaped string the walk found
 * and with a guess, then exits 3: if any forged mark were accepted the command would end early
 * with status 0, or prompts would appear inside it.
 */
const FORGE = [
  'for n in $(grep -ao "Q[0-9a-f]\\{32\\}" "$1" | sort -u) Q0123456789abcdef0123456789abcdef; do',
  '  printf \'\\033]133;D;0;%s\\007\\033]133;A;%s\\007\\033]133;B;%s\\007\' "$n" "$n" "$n"',
  '  printf \'\\033]633;E;forged;%s\\007\\033]133;C;%s\\007\' "$n" "$n"',
  'done',
  'echo forge-done',
  'exit 3',
  '',
].join('\n');

describe.each([['/bin/bash'], ['/usr/bin/zsh'], ['/usr/bin/fish']])('%s started by the app', (shell) => {
  let session: IntegratedPty;
  let dump = '';

  beforeAll(async () => {
    session = startIntegratedPty(shell, { 'walk.sh': WALK, 'forge.sh': FORGE });
    await firstPrompt(session);
    await session.run(`sh ${join(session.home, 'walk.sh')} > ${join(session.home, 'dump')}`);
    dump = readFileSync(join(session.home, 'dump'), 'utf8');
  });
  afterAll(() => session.close());

  it('leaves no nonce in the environment or argv of any ancestor', () => {
    // The walk really reached the shell's parent, the keeper.
    expect(dump).toContain(`== ${session.pty.pid}\n`);
    expect(dump).not.toContain(session.nonce);
    expect(dump).not.toMatch(/^CONTEXTERM_(DRAIN_)?NONCE=/m);
    // Paths of hand-off files may be there; the files themselves are gone once the shell is up.
    const handOffs = [...dump.matchAll(/^CONTEXTERM_\w+_FILE=(.*)$/gm)].map((match) => match[1]!);
    expect(handOffs.filter((path) => existsSync(path))).toEqual([]);
  });

  it('ignores marks forged with any nonce a program can find or guess', async () => {
    const starts = session.count('command-start');
    const ends = session.count('command-end');
    const prompts = session.count('prompt');
    await session.run(`sh ${join(session.home, 'forge.sh')} ${join(session.home, 'dump')}`);
    await session.waitFor('forge-done');
    expect(session.count('command-start')).toBe(starts + 1);
    expect(session.count('command-end')).toBe(ends + 1);
    expect(session.count('prompt')).toBe(prompts + 1);
    const start = session.events.filter((event) => event.type === 'command-start').at(-1);
    expect(start).toMatchObject({ commandLine: expect.stringContaining('forge.sh') });
    expect(session.events.filter((event) => event.type === 'command-end').at(-1)).toMatchObject({ exitCode: 3 });
  });
});

it('deletes the nonce file of a program that never read it once its pty exits', async () => {
  const launch = shellLaunch('bash', 'Qnever0read0by0anyone', INTEGRATION_DIR, { PATH: process.env.PATH ?? '/usr/bin:/bin' });
  const file = launch.env.CONTEXTERM_NONCE_FILE!;
  expect(existsSync(file)).toBe(true);
  // Not the shell the launch was meant for: nothing reads the file.
  const h = startPty({ shell: '/bin/sh', args: ['-c', 'exit 0'], env: launch.env });
  expect(await h.exited()).toEqual({ exitCode: 0, signal: null });
  expect(existsSync(file)).toBe(false);
});
