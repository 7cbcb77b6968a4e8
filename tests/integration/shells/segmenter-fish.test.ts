// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTimedByShell } from '../support/late-marks';
import { ShellSession } from '../support/segmenter-harness';

const CONFIG = {
  '.config/fish/config.fish': [
    'set -g fish_greeting',
    'set -gx RC_MARK from-config',
    // A user prompt and a user preexec handler: both must keep working next to ours.
    "function fish_prompt; echo -n 'F> '; end",
    'function __user_preexec --on-event fish_preexec; set -g __user_seen (math $__user_seen + 1); end',
    'set -g __user_seen 0',
    '',
  ].join('\n'),
  'file.txt': 'first line\nsecond line\n',
};

describe('fish integration (real fish on a pty)', () => {
  let fish: ShellSession;

  beforeAll(async () => {
    fish = new ShellSession('/usr/bin/fish', CONFIG, { XDG_DATA_DIRS: '/usr/local/share:/usr/share' });
    await fish.waitForPrompts(1);
  });
  afterAll(() => fish.close());

  it("sources the user's config, keeps their prompt and restores XDG_DATA_DIRS", async () => {
    const [command] = await fish.run('echo "$RC_MARK $XDG_DATA_DIRS"');
    expect(command).toMatchObject({ exitCode: 0, output: 'from-config /usr/local/share:/usr/share' });
    expect(fish.stream().toString()).toContain('F> ');
  });

  it('records commands with their exit codes', async () => {
    expect((await fish.run('false'))[0]).toMatchObject({ commandLine: 'false', exitCode: 1 });
    expect((await fish.run("sh -c 'exit 42'"))[0]).toMatchObject({ exitCode: 42 });
  });

  it('keeps the user preexec handler working', async () => {
    const [command] = await fish.run('echo "seen=$__user_seen"');
    expect(Number(command?.output.slice(5))).toBeGreaterThanOrEqual(3);
  });

  it('reports the cwd after cd', async () => {
    await fish.run('cd /tmp');
    expect((await fish.run('pwd'))[0]).toMatchObject({ cwd: '/tmp', output: '/tmp' });
    await fish.run('cd ~');
  });

  it('records a multi-line for loop as one command', async () => {
    const prompts = fish.count('prompt');
    fish.type('for i in 1 2\r');
    fish.type('echo "n$i"\r');
    fish.type('end\r');
    await fish.waitForPrompts(prompts + 1);
    expect(fish.commands().at(-1)).toMatchObject({ commandLine: 'for i in 1 2\necho "n$i"\nend', output: 'n1\nn2' });
  });

  it('stores output without a trailing newline as printed', async () => {
    expect(await fish.run('printf abc')).toEqual([expect.objectContaining({ commandLine: 'printf abc', output: 'abc', exitCode: 0 })]);
    expect((await fish.run("printf 'x\\nyz'; false"))[0]).toMatchObject({ output: 'x\nyz', exitCode: 1 });
  });

  it('records a command with a command substitution once', async () => {
    expect(await fish.run('echo "got "(echo inner)"-$(true)"')).toEqual([expect.objectContaining({ output: 'got inner-' })]);
  });

  it('records Ctrl+C on a running command as exit 130', async () => {
    await fish.interrupt('sleep 30', 'sleep');
    expect(fish.commands().at(-1)).toMatchObject({ commandLine: 'sleep 30', exitCode: 130 });
  });

  it('creates no command for an empty Enter', async () => {
    expect(await fish.run('')).toEqual([]);
  });

  it.each([
    ['vim -u NONE file.txt', ':q\r'],
    ['less file.txt', 'q'],
  ])('records %s as exactly one command', async (line, quit) => {
    const before = fish.commands().length;
    const prompts = fish.count('prompt');
    const from = fish.raw.length;
    fish.type(`${line}\r`);
    await fish.waitForRaw('\x1b[?1049h', from);
    await fish.waitForRaw('first line', from);
    fish.type(quit);
    await fish.waitForPrompts(prompts + 1);
    expect(fish.commands().slice(before)).toEqual([expect.objectContaining({ commandLine: line, exitCode: 0 })]);
  });

  it("times a command by fish's own clock (CMD_DURATION) when its marks are read late, as a busy app reads them", async () => {
    await expectTimedByShell(fish, 'F> ');
  });

  it('hides the nonce from children and from stored output', async () => {
    expect((await fish.run('sh -c \'echo "[${CONTEXTERM_NONCE-unset}]"\''))[0]?.output).toBe('[unset]');
    expect((await fish.run('echo "n=$__contexterm_nonce"'))[0]?.output).toBe('n=[nonce]');
    expect(fish.stream().includes(fish.nonce)).toBe(false);
    // Every mark of the session was taken out of the stored stream.
    expect(fish.stream().toString('latin1')).not.toMatch(/\]133;|\]633;/);
  });
});
