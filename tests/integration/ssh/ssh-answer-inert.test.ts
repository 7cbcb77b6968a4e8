// SPDX-License-Identifier: MIT
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../../electron/runtime/paths';
import { newNonce } from '../../../electron/segmenter/protocol/mark-codec';
import { integrationScript, remoteAnswer } from '../../../electron/ssh/remote-payload';
import { startPty } from '../support/pty-helpers';

/**
 * The answer to a remote's request is typed into the pty while ssh is in the foreground, but ssh
 * may be gone before it reads it (a remote that asks and quits): then the local shell, or
 * whatever else reads the pty, gets it as typed input. Here each kind of reader gets it for real,
 * through a pty: line editors (readline, zle with default options, fish) and a cooked tty, where
 * the bash answer is longer than the kernel's 4095-byte line. Nothing may run, be submitted or
 * be kept in history, and the next line typed must run as typed.
 */
const ID = 'c0123456789abcdef01234567';
const ANSWER = remoteAnswer(ID, newNonce(), integrationScript('bash', projectPath('resources/shell-integration'), ID));
const ERRORS = /.{0,60}(not found|unknown command|syntax error|parse error|no such file).{0,60}/i;
const dir = mkdtempSync(join(tmpdir(), 'ct-inert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Prints `still-here` in any shell; the echo of the line typed does not contain it. */
const NEXT = `printf '%s-%s\\n' still here`;

const READERS = [
  { name: 'bash (readline)', shell: '/bin/bash', args: ['--norc', '--noprofile', '-i'], save: 'history -w' },
  { name: 'zsh with default options (zle, no interactive_comments)', shell: '/usr/bin/zsh', args: ['-f', '-i'], save: 'fc -W' },
  { name: 'fish', shell: '/usr/bin/fish', args: ['--no-config', '-i'], save: '' },
  { name: 'dash (a cooked tty: no line editor)', shell: '/bin/dash', args: ['-i'], save: '' },
] as const;

describe('the ssh answer, typed into a local reader instead of the remote', () => {
  it.each(READERS)('runs, submits and keeps nothing in $name; the next line runs as typed', async ({ shell, args, save }) => {
    const history = join(dir, `${shell.replaceAll('/', '_')}-history`);
    const harness = startPty({
      shell,
      args,
      cwd: dir,
      env: { HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, PS1: '$ ', HISTFILE: history, HISTSIZE: '1000', SAVEHIST: '1000' },
    });
    try {
      harness.type(`printf '%s-%s\\n' ready here\r`);
      await harness.waitFor('ready-here\r\n');
      // A line half typed when the answer lands goes with it: killed, never submitted.
      harness.type('echo half-typed');
      harness.type(ANSWER);
      harness.type(`${NEXT}\r`);
      await harness.waitFor(/still-here\r?\n/, 20_000);
      expect(ERRORS.exec(harness.output())?.[0]).toBeUndefined();
      expect(harness.output()).not.toMatch(/half-typed\r?\n/);
      if (save) {
        harness.type(`${save} ${history}; ${NEXT.replace('still', 'saved')}\r`);
        await harness.waitFor('saved-here');
        const lines = readFileSync(history, 'utf8').split('\n').filter(Boolean);
        expect(lines).toContain(NEXT);
        expect(lines.filter((line) => !line.includes('-%s') && !line.startsWith(save))).toEqual([]);
      }
    } finally {
      await harness.pty.kill();
    }
  });

  it('leaves a cooked `read` with just the line typed after it', async () => {
    const harness = startPty({
      shell: '/bin/sh',
      args: ['-c', 'printf "reading\\n"; IFS= read -r line; printf "[%s]\\n" "$line"'],
      env: {},
    });
    try {
      await harness.waitFor('reading');
      harness.type(`${ANSWER}typed-after\r`);
      await harness.waitFor(/\[.*\]/);
      expect(harness.output()).toMatch(/\[typed-after\]/);
    } finally {
      await harness.pty.kill();
    }
  });
});
