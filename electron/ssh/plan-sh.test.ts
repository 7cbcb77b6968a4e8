// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../runtime/paths';

const PLAN = projectPath('resources/shell-integration/ssh/plan.sh');

/** plan.sh as our ssh function runs it, with ssh's real `-G` but no user config (`-F /dev/null`). */
const plan = (args: readonly string[], options: { prefs?: string; env?: Record<string, string>; pty?: boolean } = {}) => {
  const result = spawnSync('sh', [PLAN, options.prefs ?? '', '-F', '/dev/null', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...(options.pty === false ? {} : { CONTEXTERM_SSH_PTY: '1' }), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [id, host, remote] = result.stdout.replace(/\n$/, '').split('\n');
  return { ok: result.status === 0, id, host, remote };
};

describe('ssh/plan.sh: which `ssh` invocations get the integration', () => {
  it.each([
    [['box']],
    [['-p', '2222', '-l', 'alice', 'box']],
    [['-p2222', '-A', 'box']],
    [['-tt', 'box']],
    [['-J', 'jump', 'box']],
    [['-o', 'ServerAliveInterval=30', '--', 'box']],
    [['-4vC', '-i', '/dev/null', 'box']],
  ])('takes the interactive login %j', (args) => {
    const result = plan(args);
    expect(result.ok).toBe(true);
    expect(result.host).toBe('box');
    expect(result.id).toMatch(/^c[0-9a-f]{24}$/);
    expect(result.remote).toBe(
      `exec sh -c '${result.remote!.slice("exec sh -c '".length, result.remote!.lastIndexOf("'"))}' contexterm ${result.id}`,
    );
  });

  it('names the host without the user, as ssh resolves it', () => {
    expect(plan(['alice@box']).host).toBe('box');
    expect(plan(['ssh://alice@box:2222']).host).toBe('box');
  });

  it.each([
    [['box', 'uptime']],
    [['box', '--', 'ls']],
    [['-T', 'box']],
    [['-N', 'box']],
    [['-f', 'box']],
    [['-W', 'db:5432', 'box']],
    [['-O', 'check', 'box']],
    [['-s', 'box', 'sftp']],
    [['-G', 'box']],
    [['-V']],
    [['-o', 'RemoteCommand=tmux attach', 'box']],
    [['-o', 'RequestTTY=no', 'box']],
    [['-o', 'SessionType=none', 'box']],
    [['-e', ':', 'box']],
    [['-p']],
    [[]],
    [['git@github.com']],
  ])('leaves %j alone', (args) => {
    expect(plan(args).ok).toBe(false);
  });

  it('leaves ssh alone without a terminal on stdin and stderr (a pipe, a script)', () => {
    expect(plan(['box'], { pty: false }).ok).toBe(false);
  });

  it('honours the per-host choice and the switch for all hosts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ct-plan-'));
    const prefs = join(dir, 'off');
    writeFileSync(prefs, 'other\nbox\n');
    expect(plan(['box'], { prefs }).ok).toBe(false);
    expect(plan(['alice@box'], { prefs }).ok).toBe(false);
    expect(plan(['third'], { prefs }).ok).toBe(true);
    writeFileSync(prefs, 'alice@third\n');
    expect(plan(['alice@third'], { prefs }).ok).toBe(false);
    writeFileSync(prefs, '*\n');
    expect(plan(['third'], { prefs }).ok).toBe(false);
    expect(plan(['box'], { env: { CONTEXTERM_SSH_OFF: '1' } }).ok).toBe(false);
  });

  it('builds a remote command every login shell can run: sh, bash, zsh, fish', () => {
    const { remote } = plan(['box']);
    for (const shell of ['sh', 'bash', 'zsh', 'fish']) {
      const parsed = spawnSync(shell, ['-n', '-c', remote!], { encoding: 'utf8' });
      expect(parsed.status, `${shell}: ${parsed.stderr}`).toBe(0);
    }
    // One line, no single quote inside (fish and csh quote differently), no `!` (csh history).
    const bootstrap = remote!.slice("exec sh -c '".length, remote!.lastIndexOf("'"));
    expect(bootstrap).not.toMatch(/['!\n]/);
  });
});
