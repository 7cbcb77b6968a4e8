// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTimedByShell } from '../support/late-marks';
import { ShellSession } from '../support/segmenter-harness';

const RC = {
  '.zshenv': 'export ENV_MARK=from-zshenv\n',
  '.zprofile': 'export PROFILE_MARK=from-zprofile\n',
  '.zshrc': [
    "PS1='Z> '",
    'export RC_MARK=from-zshrc',
    // The user's own hooks must keep working next to ours.
    'precmd() { __user_precmd=$((${__user_precmd:-0}+1)) }',
    '__user_hook() { __user_hooked=$((${__user_hooked:-0}+1)) }',
    'autoload -Uz add-zsh-hook',
    'add-zsh-hook precmd __user_hook',
    // Options that change how scripts behave must not reach our functions.
    'setopt nounset ksh_arrays sh_word_split',
    '',
  ].join('\n'),
  '.zlogin': 'export LOGIN_MARK=from-zlogin\n',
  'file.txt': 'first line\nsecond line\n',
};

describe('zsh integration (real zsh on a pty)', () => {
  let zsh: ShellSession;

  beforeAll(async () => {
    zsh = new ShellSession('/usr/bin/zsh', RC);
    await zsh.waitForPrompts(1);
  });
  afterAll(() => zsh.close());

  it("times a command by zsh's own clock (%D{%s%6.} at its start and end marks) when its marks are read late", async () => {
    await expectTimedByShell(zsh, 'Z> ');
  });

  it("sources all the user's startup files and restores ZDOTDIR", async () => {
    const [command] = await zsh.run('echo "$ENV_MARK $PROFILE_MARK $RC_MARK $LOGIN_MARK [${ZDOTDIR-unset}]"');
    expect(command).toMatchObject({ exitCode: 0, output: 'from-zshenv from-zprofile from-zshrc from-zlogin [unset]' });
  });

  it('records commands with their exit codes', async () => {
    expect((await zsh.run('false'))[0]).toMatchObject({ commandLine: 'false', exitCode: 1 });
    expect((await zsh.run('(exit 42)'))[0]).toMatchObject({ commandLine: '(exit 42)', exitCode: 42 });
  });

  it('keeps the user precmd function and hooks working', async () => {
    const [command] = await zsh.run('echo "$__user_precmd $__user_hooked"');
    const [pre, hook] = (command?.output ?? '').split(' ').map(Number);
    expect(pre).toBeGreaterThanOrEqual(3);
    expect(hook).toBeGreaterThanOrEqual(3);
  });

  it('reports the cwd after cd', async () => {
    await zsh.run('cd /tmp');
    expect((await zsh.run('pwd'))[0]).toMatchObject({ cwd: '/tmp', output: '/tmp' });
    await zsh.run('cd ~');
  });

  it('records a two-line for loop as one command with its newline', async () => {
    const prompts = zsh.count('prompt');
    zsh.type('for i in 1 2; do\r');
    await zsh.waitForRaw('for> ', zsh.raw.length - 5);
    zsh.type('echo "n$i"; done\r');
    await zsh.waitForPrompts(prompts + 1);
    expect(zsh.commands().at(-1)).toMatchObject({ commandLine: 'for i in 1 2; do\necho "n$i"; done', output: 'n1\nn2' });
  });

  it('records a command with a command substitution once', async () => {
    expect(await zsh.run('echo "got $(echo inner)-$(true)"')).toEqual([expect.objectContaining({ output: 'got inner-' })]);
  });

  it('records Ctrl+C on a running command as exit 130', async () => {
    await zsh.interrupt('sleep 30', 'sleep');
    expect(zsh.commands().at(-1)).toMatchObject({ commandLine: 'sleep 30', exitCode: 130 });
  });

  it('creates no command for an empty Enter', async () => {
    expect(await zsh.run('')).toEqual([]);
  });

  it.each([
    ['vim -u NONE file.txt', ':q\r'],
    ['less file.txt', 'q'],
  ])('records %s as exactly one command', async (line, quit) => {
    const before = zsh.commands().length;
    const prompts = zsh.count('prompt');
    const from = zsh.raw.length;
    zsh.type(`${line}\r`);
    await zsh.waitForRaw('\x1b[?1049h', from);
    await zsh.waitForRaw('first line', from);
    zsh.type(quit);
    await zsh.waitForPrompts(prompts + 1);
    expect(zsh.commands().slice(before)).toEqual([expect.objectContaining({ commandLine: line, exitCode: 0 })]);
  });

  it('hides the nonce from children and from stored output', async () => {
    expect((await zsh.run('sh -c \'echo "[${CONTEXTERM_NONCE-unset}]"\''))[0]?.output).toBe('[unset]');
    expect((await zsh.run('typeset __contexterm_nonce'))[0]?.output).toBe('__contexterm_nonce=[nonce]');
    expect(zsh.stream().includes(zsh.nonce)).toBe(false);
    // Every mark of the session was taken out of the stored stream.
    expect(zsh.stream().toString('latin1')).not.toMatch(/\]133;|\]633;/);
  });
});

describe('zsh integration with a ZDOTDIR of its own', () => {
  it('reads the files from the user ZDOTDIR, following a move made in .zshenv', async () => {
    const zsh = new ShellSession('/usr/bin/zsh', {
      '.zshenv': 'export ZDOTDIR="$HOME/.config/zsh"\n',
      '.config/zsh/.zshrc': "PS1='X> '\nexport RC_MARK=xdg\n",
    });
    try {
      await zsh.waitForPrompts(1);
      const [command] = await zsh.run('echo "$RC_MARK ${ZDOTDIR#$HOME}"');
      expect(command).toMatchObject({ output: 'xdg /.config/zsh', exitCode: 0 });
    } finally {
      await zsh.close();
    }
  });
});
