// SPDX-License-Identifier: MIT
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTimedByShell } from '../support/late-marks';
import { INTEGRATION_DIR, ShellSession } from '../support/segmenter-harness';

const RC = {
  '.bash_profile': '. ~/.bashrc\n',
  '.bashrc': [
    "PS1='U$ '",
    'export RC_MARK=from-bashrc',
    // A user PROMPT_COMMAND and DEBUG trap that must keep working next to ours.
    "PROMPT_COMMAND='__user_pc=$((${__user_pc-0}+1))'",
    "trap '__user_dbg=$((${__user_dbg-0}+1))' DEBUG",
    // Strict users: our functions must not trip over unset variables, and hidden lines stay hidden.
    'HISTCONTROL=ignoreboth',
    'set -u',
    '',
  ].join('\n'),
  'file.txt': 'first line\nsecond line\n',
};

describe('bash integration (real bash on a pty)', () => {
  let bash: ShellSession;

  beforeAll(async () => {
    bash = new ShellSession('/bin/bash', RC);
    await bash.waitForPrompts(1);
  });
  afterAll(() => bash.close());

  it("times a command by bash's own clock (EPOCHREALTIME at its start and end marks) when its marks are read late", async () => {
    await expectTimedByShell(bash, 'U$ ');
  });

  it('switches the session to integrated on the first signed prompt', () => {
    expect(bash.events.find((e) => e.type === 'mode')).toMatchObject({ mode: 'integrated' });
    expect(bash.events.find((e) => e.type === 'hostname')).toBeDefined();
  });

  it("sources the user's startup files and records commands with their exit codes", async () => {
    expect(await bash.run('echo "marker=$RC_MARK"')).toEqual([
      { commandLine: 'echo "marker=$RC_MARK"', cwd: bash.home, exitCode: 0, source: 'integrated', output: 'marker=from-bashrc' },
    ]);
    expect((await bash.run('false'))[0]).toMatchObject({ commandLine: 'false', exitCode: 1 });
    expect((await bash.run('(exit 42)'))[0]).toMatchObject({ exitCode: 42 });
  });

  it('keeps the user PROMPT_COMMAND and DEBUG trap working', async () => {
    const [command] = await bash.run('echo "pc=$__user_pc dbg=$__user_dbg"');
    const [, pc, dbg] = /pc=(\d+) dbg=(\d+)/.exec(command?.output ?? '') ?? [];
    expect(Number(pc)).toBeGreaterThanOrEqual(3);
    expect(Number(dbg)).toBeGreaterThanOrEqual(3);
  });

  it('reports the cwd after cd, and records it on the next command', async () => {
    await bash.run('cd /tmp');
    expect(bash.events.filter((e) => e.type === 'cwd').at(-1)).toMatchObject({ cwd: '/tmp' });
    expect((await bash.run('pwd'))[0]).toMatchObject({ cwd: '/tmp', output: '/tmp' });
    await bash.run('cd ~');
  });

  it('records a two-line for loop and a continued line as one command each', async () => {
    const prompts = bash.count('prompt');
    bash.type('for i in 1 2; do\r');
    await bash.waitForRaw('> ', bash.raw.length - 2);
    bash.type('echo "n$i"; done\r');
    await bash.waitForPrompts(prompts + 1);
    expect(bash.commands().at(-1)).toMatchObject({ commandLine: 'for i in 1 2; do echo "n$i"; done', output: 'n1\nn2' });

    bash.type('echo a \\\r');
    await bash.waitForRaw('> ', bash.raw.length - 2);
    expect(await bash.run('b')).toEqual([expect.objectContaining({ commandLine: 'echo a b', output: 'a b' })]);
  });

  it('records a line kept out of history without its text', async () => {
    expect(await bash.run(' echo hidden')).toEqual([expect.objectContaining({ commandLine: null, exitCode: 0, output: 'hidden' })]);
  });

  it('records a command with a command substitution once', async () => {
    expect(await bash.run('echo "got $(echo inner)-$(true)"')).toEqual([expect.objectContaining({ output: 'got inner-', exitCode: 0 })]);
  });

  it('records Ctrl+C on a running command as exit 130', async () => {
    await bash.interrupt('sleep 30', 'sleep');
    expect(bash.commands().at(-1)).toMatchObject({ commandLine: 'sleep 30', exitCode: 130 });
  });

  it('creates no command for an empty Enter or a Ctrl+C at the prompt', async () => {
    const before = bash.commands().length;
    expect(await bash.run('')).toEqual([]);
    const prompts = bash.count('prompt');
    bash.type('half typed\x03');
    await bash.waitForPrompts(prompts + 1);
    expect(bash.commands().length).toBe(before);
  });

  it.each([
    ['vim -u NONE file.txt', ':q\r'],
    ['less file.txt', 'q'],
  ])('records %s as exactly one command, without junk', async (line, quit) => {
    const before = bash.commands().length;
    const prompts = bash.count('prompt');
    const from = bash.raw.length;
    bash.type(`${line}\r`);
    await bash.waitForRaw('\x1b[?1049h', from);
    await bash.waitForRaw('first line', from);
    bash.type(quit);
    await bash.waitForPrompts(prompts + 1);
    const added = bash.commands().slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ commandLine: line, exitCode: 0 });
    expect(bash.stream().toString('latin1')).not.toMatch(/\]133;|\]633;/);
  });

  it('gives a nested bash one record, and carries on normally after it', async () => {
    const before = bash.commands().length;
    const from = bash.raw.length;
    bash.type('bash\r');
    await bash.waitForRaw('U$ ', from);
    bash.type('echo "inside $((6*7))"\r');
    await bash.waitForRaw('inside 42', from);
    const added = await bash.run('exit');
    expect(added).toEqual([expect.objectContaining({ commandLine: 'bash', exitCode: 0 })]);
    expect(added[0]?.output).toContain('inside 42');
    expect(await bash.run('echo after')).toEqual([expect.objectContaining({ commandLine: 'echo after', output: 'after' })]);
    expect(bash.commands().length).toBe(before + 2);
  });

  it("records commands of a nested shell started by hand with the session nonce (the README's remote recipe)", async () => {
    const before = bash.commands().length;
    const from = bash.raw.length;
    bash.type(`CONTEXTERM_NONCE=$__contexterm_nonce bash --init-file ${INTEGRATION_DIR}/bash/contexterm.bash -i\r`);
    await bash.waitForRaw('U$ ', from);
    const inner = await bash.run('echo "remote $((6*7))"');
    expect(inner).toEqual([expect.objectContaining({ commandLine: 'echo "remote $((6*7))"', output: 'remote 42', exitCode: 0 })]);
    await bash.run('exit');
    expect(await bash.run('echo after')).toEqual([expect.objectContaining({ commandLine: 'echo after', output: 'after' })]);
    expect(bash.commands().length).toBeGreaterThan(before + 1);
  });

  it("records a nested shell started by hand with the nonce in a file, which it deletes (the README's remote recipe)", async () => {
    const file = `${bash.home}/.contexterm-nonce`;
    await bash.run(`(umask 077; printf '%s\\n' "$__contexterm_nonce" > ${file})`);
    expect(existsSync(file)).toBe(true);
    const from = bash.raw.length;
    bash.type(`CONTEXTERM_NONCE_FILE=${file} bash --init-file ${INTEGRATION_DIR}/bash/contexterm.bash -i\r`);
    await bash.waitForRaw('U$ ', from);
    const inner = await bash.run('echo "remote $((6*7)) [${CONTEXTERM_NONCE_FILE-unset}]"');
    expect(inner).toEqual([expect.objectContaining({ output: 'remote 42 [unset]', exitCode: 0 })]);
    expect(existsSync(file)).toBe(false);
    await bash.run('exit');
    expect(await bash.run('echo after')).toEqual([expect.objectContaining({ commandLine: 'echo after', output: 'after' })]);
  });

  it('hides the nonce from children and from stored output', async () => {
    expect((await bash.run('sh -c \'echo "[${CONTEXTERM_NONCE-unset}]"\''))[0]?.output).toBe('[unset]');
    const [listing] = await bash.run('set | grep -a "^__contexterm_nonce="');
    expect(listing?.output).toBe('__contexterm_nonce=[nonce]');
    expect(bash.stream().includes(bash.nonce)).toBe(false);
  });
});

describe('bash integration through the DEBUG trap (bash < 4.4, or forced)', () => {
  it('chains an existing DEBUG trap under extdebug and records commands', async () => {
    const bash = new ShellSession('/bin/bash', {
      '.bash_profile': [
        "PS1='W$ '",
        '__contexterm_hook=debug',
        'shopt -s extdebug',
        '__fw() { __seen="${__seen-}x"; return 0; }',
        "trap '__fw' DEBUG",
        '',
      ].join('\n'),
    });
    try {
      await bash.waitForPrompts(1);
      expect(bash.raw).not.toContain('PS0');
      const [command] = await bash.run('echo "seen=${#__seen}"');
      expect(command).toMatchObject({ commandLine: 'echo "seen=${#__seen}"', exitCode: 0 });
      expect(Number(command?.output.slice(5))).toBeGreaterThan(0);
      expect((await bash.run('false; true; false'))[0]).toMatchObject({ commandLine: 'false; true; false', exitCode: 1 });
      expect(await bash.run('')).toEqual([]);
    } finally {
      await bash.close();
    }
  });
});

describe('bash integration next to a framework that takes over PROMPT_COMMAND and the DEBUG trap', () => {
  it('keeps both working when the framework installs itself at the first prompt (bash-preexec style)', async () => {
    const bash = new ShellSession('/bin/bash', {
      '.bash_profile': [
        // Rebuilds PS1 on every prompt, keeps $? for later entries, arms a DEBUG-trap preexec.
        '__fw_precmd() { local s=$?; __fw_pre=$((__fw_pre+1)); PS1="F[$s]$ "; return $s; }',
        '__fw_preexec() { [[ -n "${__fw_armed-}" ]] || return 0; __fw_armed=; __fw_exec=$((__fw_exec+1)); }',
        '__fw_install() {',
        '  PROMPT_COMMAND="__fw_precmd"$\'\\n\'"${PROMPT_COMMAND//__fw_install/}"$\'\\n__fw_armed=1\'',
        "  trap '__fw_preexec' DEBUG",
        '}',
        "PROMPT_COMMAND='__fw_install'",
        '',
      ].join('\n'),
    });
    try {
      await bash.waitForPrompts(1);
      expect((await bash.run('false'))[0]).toMatchObject({ commandLine: 'false', exitCode: 1 });
      const from = bash.raw.length;
      const [command] = await bash.run('echo "pre=$__fw_pre exec=$__fw_exec"');
      expect(command?.output).toMatch(/^pre=[1-9] exec=[1-9]$/);
      // The framework's PS1, rebuilt each time, still ends with our prompt-end mark.
      expect(bash.raw.slice(from)).toMatch(new RegExp(`F\\[0\\]\\$ \\x1b\\]133;B;${bash.nonce}\\x07`));
    } finally {
      await bash.close();
    }
  });
});

describe('bash integration in POSIX mode', () => {
  it('runs no `-` as a user DEBUG trap (POSIX mode lists an unset trap as `trap -- - DEBUG`)', async () => {
    const bash = new ShellSession('/bin/bash', { '.bash_profile': '. ~/.bashrc\n', '.bashrc': "set -o posix\nPS1='P$ '\n" });
    try {
      await bash.waitForPrompts(1);
      expect(await bash.run('echo posix-$((1+1))')).toEqual([expect.objectContaining({ exitCode: 0, output: 'posix-2' })]);
    } finally {
      bash.close();
    }
  });
});
