// SPDX-License-Identifier: MIT
import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { discardSecretsIn } from '../pty/secret-file';
import { defaultProbe } from './shell-fallback';
import { shellKind, shellLaunch, startsLogin, type ShellLaunch } from './shell-launch';

const NONCE = 'abcdef0123456789';
const DIR = '/opt/contexterm/shell-integration';
const BASE = { HOME: '/home/u', PATH: '/usr/bin', CONTEXTERM_API_KEY: 'secret' };

const launched: ShellLaunch[] = [];
const launch = (...args: Parameters<typeof shellLaunch>): ShellLaunch => {
  const result = shellLaunch(...args);
  launched.push(result);
  return result;
};
afterEach(() => {
  for (const result of launched.splice(0)) discardSecretsIn(result.env);
});

describe('shellLaunch', () => {
  it('recognises shells by name', () => {
    expect(['/bin/bash', 'zsh', '-fish', '/usr/local/bin/bash5', 'zsh-5.9', '/bin/sh', 'dash', 'bashful'].map(shellKind)).toEqual([
      'bash',
      'zsh',
      'fish',
      'bash',
      'zsh',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('starts bash with our init file, imitating a login shell', () => {
    const bash = launch('/bin/bash', NONCE, DIR, BASE, defaultProbe, true);
    expect(bash).toMatchObject({ file: '/bin/bash', args: ['--init-file', `${DIR}/bash/contexterm.bash`, '-i'], integrated: true });
    expect(bash.env).toMatchObject({ CONTEXTERM_SHELL_LOGIN: '1', HOME: '/home/u' });
  });

  it('hands the nonce over in a private file, never in the environment or arguments', () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const result = launch(shell, NONCE, DIR, BASE);
      const file = result.env.CONTEXTERM_NONCE_FILE!;
      expect(readFileSync(file, 'latin1')).toBe(`${NONCE}\n`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.stringify([result.args, result.env])).not.toContain(NONCE);
    }
    const [first] = launched;
    discardSecretsIn(first!.env);
    expect(existsSync(first!.env.CONTEXTERM_NONCE_FILE!)).toBe(false);
  });

  it('starts zsh on the shim ZDOTDIR and remembers the user’s', () => {
    const unset = launch('/usr/bin/zsh', NONCE, DIR, BASE, defaultProbe, true);
    expect(unset).toMatchObject({ args: ['-l', '-i'], integrated: true });
    expect(unset.env).toMatchObject({ ZDOTDIR: `${DIR}/zsh`, CONTEXTERM_USER_ZDOTDIR_UNSET: '1' });
    const set = launch('zsh', NONCE, DIR, { ...BASE, ZDOTDIR: '/home/u/.config/zsh' });
    expect(set.env).toMatchObject({ ZDOTDIR: `${DIR}/zsh`, CONTEXTERM_USER_ZDOTDIR: '/home/u/.config/zsh' });
    // Started from inside one of our own zsh sessions before it restored ZDOTDIR: not a user dir.
    expect(launch('zsh', NONCE, DIR, { ...BASE, ZDOTDIR: `${DIR}/zsh` }).env.CONTEXTERM_USER_ZDOTDIR).toBeUndefined();
  });

  it('starts fish with our vendor dir first in XDG_DATA_DIRS', () => {
    expect(launch('fish', NONCE, DIR, BASE).env).toMatchObject({ XDG_DATA_DIRS: `${DIR}:/usr/local/share:/usr/share` });
    const env = launch('fish', NONCE, DIR, { ...BASE, XDG_DATA_DIRS: '/x' }).env;
    expect(env).toMatchObject({ XDG_DATA_DIRS: `${DIR}:/x`, CONTEXTERM_XDG_DATA_DIRS: '/x' });
  });

  it('starts other shells plain, without the nonce', () => {
    expect(launch('/bin/dash', NONCE, DIR, BASE, defaultProbe, true)).toEqual({
      file: '/bin/dash',
      args: ['-l'],
      env: { HOME: '/home/u', PATH: '/usr/bin' },
      integrated: false,
    });
  });

  it('starts non-login shells when not asked for a login one: bash sources ~/.bashrc, zsh and fish lose -l', () => {
    const bash = launch('/bin/bash', NONCE, DIR, BASE, defaultProbe, false);
    expect(bash.args).toEqual(['--init-file', `${DIR}/bash/contexterm.bash`, '-i']);
    expect(bash.env).not.toHaveProperty('CONTEXTERM_SHELL_LOGIN');
    expect(launch('zsh', NONCE, DIR, BASE, defaultProbe, false).args).toEqual(['-i']);
    expect(launch('fish', NONCE, DIR, BASE, defaultProbe, false).args).toEqual(['-i']);
    expect(launch('/bin/dash', NONCE, DIR, BASE, defaultProbe, false).args).toEqual([]);
  });

  it("starts login shells as the platform's terminals do unless told otherwise", () => {
    expect(startsLogin('platform', 'darwin')).toBe(true);
    expect(startsLogin('platform', 'linux')).toBe(false);
    expect(startsLogin('always', 'linux')).toBe(true);
    expect(startsLogin('never', 'darwin')).toBe(false);
    // Unsaid, shellLaunch asks the platform too.
    expect(launch('zsh', NONCE, DIR, BASE, { ...defaultProbe, platform: 'darwin' }).args).toEqual(['-l', '-i']);
    expect(launch('zsh', NONCE, DIR, BASE, { ...defaultProbe, platform: 'linux' }).args).toEqual(['-i']);
  });

  it('never passes our own CONTEXTERM_ variables on, and rejects a bad nonce', () => {
    expect(launch('bash', NONCE, DIR, { ...BASE, CONTEXTERM_NONCE_FILE: '/elsewhere' }).env).not.toHaveProperty('CONTEXTERM_API_KEY');
    expect(launch('bash', NONCE, DIR, { ...BASE, CONTEXTERM_NONCE_FILE: '/elsewhere' }).env.CONTEXTERM_NONCE_FILE).not.toBe('/elsewhere');
    expect(() => shellLaunch('bash', 'bad nonce', DIR, BASE)).toThrow();
  });
});
