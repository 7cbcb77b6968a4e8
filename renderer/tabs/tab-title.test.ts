// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import { programOf, tabTitle } from './tab-title';

const running = (commandLine: string) => ({ commandLine, endedAt: null }) as unknown as CommandRecord;
const base = { custom: null, program: null, running: undefined, cwd: null, shell: '/bin/bash' };

describe('tabTitle', () => {
  it('prefers a name you gave, then the running program, then the shell title, the directory, the shell', () => {
    expect(tabTitle({ ...base, custom: 'logs', running: running('vim a') })).toBe('logs');
    expect(tabTitle({ ...base, running: running('vim notes.txt'), program: 'user@host: ~' })).toBe('vim');
    expect(tabTitle({ ...base, program: 'user@host: ~/src' })).toBe('user@host: ~/src');
    expect(tabTitle({ ...base, cwd: '/home/u/src/app' })).toBe('app');
    expect(tabTitle({ ...base, cwd: '/home/u', home: '/home/u' })).toBe('~');
    expect(tabTitle({ ...base, cwd: '/' })).toBe('/');
    expect(tabTitle(base)).toBe('bash');
  });

  it('names the foreground program, never a builtin the shell runs itself, and the prompt title at the prompt', () => {
    expect(tabTitle({ ...base, running: running('sleep 3'), foreground: 'sleep' })).toBe('sleep');
    expect(tabTitle({ ...base, running: running('cd /tmp'), foreground: 'bash', cwd: '/home/u' })).toBe('u');
    expect(tabTitle({ ...base, running: running('my-function arg'), foreground: '-bash', program: 'user@host: ~' })).toBe('user@host: ~');
    expect(tabTitle({ ...base, running: running('make test'), foreground: 'cc1' })).toBe('cc1');
    expect(tabTitle({ ...base, foreground: 'bash', cwd: '/srv/app' })).toBe('app');
    // A launcher in the foreground: the program it runs, as the command line names it.
    expect(tabTitle({ ...base, running: running('sudo vim /etc/hosts'), foreground: 'sudo' })).toBe('vim');
    // Not known yet: the recorded command line's program, as before.
    expect(tabTitle({ ...base, running: running('vim a'), foreground: null })).toBe('vim');
  });

  it('shows controls in any source as pictures, on one line', () => {
    // A directory a remote host named, and a title a program set with a C1 OSC inside it.
    expect(tabTitle({ ...base, cwd: '/srv/a\x1b]0;pwned\x07b\u009d0;c1\u009c' })).toBe('a␛]0;pwned␇b␛]0;c1␛\\');
    expect(tabTitle({ ...base, program: 'top\u009b2J\nx' })).toBe('top␛[2J␤x');
    expect(tabTitle({ ...base, running: running('\x1b[31mvim a') })).toBe('␛[31mvim');
  });

  it('names the program past assignments and wrappers', () => {
    expect(programOf('NODE_ENV=prod npm run dev')).toBe('npm');
    expect(programOf('sudo -E /usr/bin/apt upgrade')).toBe('apt');
    expect(programOf('  ./build.sh --fast')).toBe('build.sh');
    expect(programOf('')).toBeUndefined();
  });
});
