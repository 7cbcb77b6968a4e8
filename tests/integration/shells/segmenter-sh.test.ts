// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellLaunch } from '../../../electron/segmenter/shell-launch';
import { INTEGRATION_DIR, ShellSession } from '../support/segmenter-harness';

/**
 * dash has no integration: the segmenter must find prompts heuristically. Commands are typed a
 * line at a time only once the prompt is on screen, as a person would.
 */
describe('heuristic segmentation of /bin/sh (dash, no integration)', () => {
  let sh: ShellSession;

  const promptShown = async (from: number) => {
    await sh.waitFor('a prompt', () => /[$#] $/.test(sh.raw.slice(from)) || undefined);
  };

  /** A keystroke at the prompt confirms it (closing the last command); Ctrl+C discards it. */
  const touchPrompt = async () => {
    const from = sh.raw.length;
    sh.type('x\x03');
    await promptShown(from);
  };

  /** Types a line at the prompt, then waits for the next prompt to be drawn. */
  const enter = async (line: string) => {
    const from = sh.raw.length;
    sh.type(`${line}\r`);
    await sh.waitForRaw('\n', from);
    await promptShown(from);
  };

  beforeAll(async () => {
    sh = new ShellSession('/bin/sh', { '.profile': 'export RC_MARK=from-profile\n', 'file.txt': 'first line\nsecond line\n' });
    await promptShown(0);
  });
  afterAll(() => sh.close());

  it('starts plain, in unknown mode until the first prompt is confirmed', () => {
    expect(shellLaunch('/bin/sh', sh.nonce, INTEGRATION_DIR, {}).integrated).toBe(false);
    expect(sh.events).toEqual([]);
  });

  it('segments commands and their output from prompts and typed lines', async () => {
    await enter('echo "hello $RC_MARK"');
    await enter('ls /nonexistent-dir');
    await enter('printf "a\\nb\\n"');
    await touchPrompt();
    expect(sh.events.find((e) => e.type === 'mode')).toMatchObject({ mode: 'heuristic' });
    expect(sh.commands()).toEqual([
      { commandLine: 'echo "hello $RC_MARK"', cwd: sh.home, exitCode: null, source: 'heuristic', output: 'hello from-profile' },
      expect.objectContaining({ commandLine: 'ls /nonexistent-dir', output: expect.stringContaining('No such file') }),
      expect.objectContaining({ commandLine: 'printf "a\\nb\\n"', output: 'a\nb' }),
    ]);
  });

  it("keeps the output of a command that ends without a newline, drawn on the prompt's line", async () => {
    const before = sh.commands().length;
    await enter('printf no-newline');
    await touchPrompt();
    expect(sh.commands().slice(before)).toEqual([expect.objectContaining({ commandLine: 'printf no-newline', output: 'no-newline' })]);
  });

  it('creates no command for an empty Enter or a Ctrl+C at the prompt', async () => {
    const before = sh.commands().length;
    await enter('');
    sh.type('half typed\x03');
    await promptShown(sh.raw.length - 2);
    await enter('echo next');
    await touchPrompt();
    expect(
      sh
        .commands()
        .slice(before)
        .map((c) => c.commandLine),
    ).toEqual(['echo next']);
  });

  it('finds no prompt inside vim, and records it as one command', async () => {
    const before = sh.commands().length;
    const from = sh.raw.length;
    sh.type('vim -u NONE file.txt\r');
    await sh.waitForRaw('\x1b[?1049h', from);
    await sh.waitForRaw('first line', from);
    sh.type(':q\r');
    await sh.waitForRaw('\x1b[?1049l', from);
    await promptShown(sh.raw.lastIndexOf('\x1b[?1049l'));
    await enter('echo after');
    await touchPrompt();
    expect(
      sh
        .commands()
        .slice(before)
        .map((c) => c.commandLine),
    ).toEqual(['vim -u NONE file.txt', 'echo after']);
    expect(sh.commands().at(-1)?.output).toBe('after');
  });

  it('records a multi-line command whole, not its continuation lines as output', async () => {
    const before = sh.commands().length;
    const from = sh.raw.length;
    sh.type('for i in 1 2; do\r');
    await sh.waitForRaw('> ', from);
    await enter('echo "n$i"; done');
    const continued = sh.raw.length;
    sh.type("printf '%s\\n' 'a b' \\\r");
    await sh.waitForRaw('> ', continued);
    await enter('c');
    await touchPrompt();
    expect(sh.commands().slice(before)).toEqual([
      expect.objectContaining({ commandLine: 'for i in 1 2; do\necho "n$i"; done', output: 'n1\nn2' }),
      expect.objectContaining({ commandLine: "printf '%s\\n' 'a b' \\\nc", output: 'a b\nc' }),
    ]);
  });

  // Runs last: once a command may have changed directory, the session's cwd stays unknown.
  it('records the start directory until a command may have left it, then no cwd rather than a wrong one', async () => {
    const before = sh.commands().length;
    await enter('pwd');
    await enter('cd /tmp');
    await enter('pwd');
    await touchPrompt();
    expect(sh.commands().slice(before)).toEqual([
      expect.objectContaining({ commandLine: 'pwd', cwd: sh.home, output: sh.home }),
      expect.objectContaining({ commandLine: 'cd /tmp', cwd: sh.home }),
      expect.objectContaining({ commandLine: 'pwd', cwd: null, output: '/tmp' }),
    ]);
  });
});
