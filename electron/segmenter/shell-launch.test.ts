// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { shellKind, shellLaunch } from './shell-launch';

const NONCE = 'abcdef0123456789';
const DIR = '/opt/contexterm/shell-integration';
const BASE = { HOME: '/home/u', PATH: '/usr/bin', CONTEXTERM_API_KEY: 'secret' };

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
    const launch = shellLaunch('/bin/bash', NONCE, DIR, BASE);
    expect(launch).toMatchObject({ file: '/bin/bash', args: ['--init-file', `${DIR}/bash/contexterm.bash`, '-i'], integrated: true });
    expect(launch.env).toMatchObject({ CONTEXTERM_NONCE: NONCE, CONTEXTERM_SHELL_LOGIN: '1', HOME: '/home/u' });
  });

  it('starts zsh on the shim ZDOTDIR and remembers the user’s', () => {
    const unset = shellLaunch('/usr/bin/zsh', NONCE, DIR, BASE);
    expect(unset).toMatchObject({ args: ['-l', '-i'], integrated: true });
    expect(unset.env).toMatchObject({ ZDOTDIR: `${DIR}/zsh`, CONTEXTERM_USER_ZDOTDIR_UNSET: '1', CONTEXTERM_NONCE: NONCE });
    const set = shellLaunch('zsh', NONCE, DIR, { ...BASE, ZDOTDIR: '/home/u/.config/zsh' });
    expect(set.env).toMatchObject({ ZDOTDIR: `${DIR}/zsh`, CONTEXTERM_USER_ZDOTDIR: '/home/u/.config/zsh' });
    // Started from inside one of our own zsh sessions before it restored ZDOTDIR: not a user dir.
    expect(shellLaunch('zsh', NONCE, DIR, { ...BASE, ZDOTDIR: `${DIR}/zsh` }).env.CONTEXTERM_USER_ZDOTDIR).toBeUndefined();
  });

  it('starts fish with our vendor dir first in XDG_DATA_DIRS', () => {
    expect(shellLaunch('fish', NONCE, DIR, BASE).env).toMatchObject({ XDG_DATA_DIRS: `${DIR}:/usr/local/share:/usr/share` });
    const env = shellLaunch('fish', NONCE, DIR, { ...BASE, XDG_DATA_DIRS: '/x' }).env;
    expect(env).toMatchObject({ XDG_DATA_DIRS: `${DIR}:/x`, CONTEXTERM_XDG_DATA_DIRS: '/x' });
  });

  it('starts other shells plain, without the nonce', () => {
    const launch = shellLaunch('/bin/dash', NONCE, DIR, BASE);
    expect(launch).toEqual({ file: '/bin/dash', args: ['-l'], env: { HOME: '/home/u', PATH: '/usr/bin' }, integrated: false });
  });

  it('never passes our own CONTEXTERM_ variables on, and rejects a bad nonce', () => {
    expect(shellLaunch('bash', NONCE, DIR, BASE).env.CONTEXTERM_API_KEY).toBeUndefined();
    expect(() => shellLaunch('bash', 'bad nonce', DIR, BASE)).toThrow();
  });
});
