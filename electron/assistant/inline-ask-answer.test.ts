// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { extractCommand, InlineAskError } from './inline-ask-answer';

/** As in inline-ask-answer.ts. */
const NO_COMMAND_MESSAGE = 'The model did not answer with a command.';

describe('extractCommand', () => {
  it.each([
    ['a bare command', 'ls -la /tmp', 'ls -la /tmp'],
    ['a bare command with a copied prompt', '$ ls -la /tmp\n', 'ls -la /tmp'],
    ['a command in inline backticks', '`du -sh *`', 'du -sh *'],
    ['the first line of several', 'find . -name "*.ts"\nfind . -name "*.tsx"', 'find . -name "*.ts"'],
    ['a lead-in sentence before the command', 'Here is the command:\n\ngit log --oneline -5', 'git log --oneline -5'],
    ['a comment before the command', '# the five newest commits\ngit log -5', 'git log -5'],
    ['a PowerShell Verb-Noun command', 'Get-ChildItem -Recurse -Filter *.log', 'Get-ChildItem -Recurse -Filter *.log'],
    ['thinking before the answer', '<think>The user wants files.\nMaybe ls.</think>\nls -a', 'ls -a'],
  ])('takes %s', (_name, answer, command) => {
    expect(extractCommand(answer)).toBe(command);
  });

  it('takes the content of one fenced block, whatever surrounds it', () => {
    expect(extractCommand('```bash\nls -la /tmp\n```')).toBe('ls -la /tmp');
    expect(extractCommand('Sure! Use this:\n\n```sh\ntar czf out.tgz src/\n```\nIt compresses src.')).toBe('tar czf out.tgz src/');
    expect(extractCommand('~~~\necho hi\n~~~')).toBe('echo hi');
  });

  it('takes the first of several fenced blocks', () => {
    expect(extractCommand('```bash\nls\n```\nor\n```bash\nls -a\n```')).toBe('ls');
  });

  it('keeps a several-line block, without the prompts of a transcript', () => {
    expect(extractCommand('```bash\nfor f in *.txt; do\n  wc -l "$f"\ndone\n```')).toBe('for f in *.txt; do\n  wc -l "$f"\ndone');
    expect(extractCommand('```\n$ cd src\n$ make\n```')).toBe('cd src\nmake');
  });

  it('joins backslash continuations into one line', () => {
    expect(extractCommand('```bash\ndocker run \\\n  --rm \\\n  alpine\n```')).toBe('docker run --rm alpine');
  });

  it('takes what an unclosed block holds (an answer that ended early)', () => {
    expect(extractCommand('```bash\nps aux | grep node')).toBe('ps aux | grep node');
  });

  it('removes controls that would act on the terminal, an early end of bracketed paste above all', () => {
    expect(extractCommand('echo a\x1b[201~; rm -rf ~\x7f')).toBe('echo a[201~; rm -rf ~');
    // A lone CR is a line break, as in a terminal: what follows it is not part of the first line.
    expect(extractCommand('echo a\rrm -rf ~')).toBe('echo a');
    expect(extractCommand('```\nls\u009b31m\x07\n```')).toBe('ls31m');
  });

  it.each([
    ['an empty answer', ''],
    ['blank lines', '\n  \n'],
    ['prose only', 'Sorry, I cannot help with that request.'],
    ['an empty fenced block', '```bash\n\n```'],
    ['thinking only', '<think>hmm, what could it be'],
  ])('refuses %s with a plain message', (_name, answer) => {
    let thrown: unknown;
    try {
      extractCommand(answer);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InlineAskError);
    expect(thrown).toMatchObject({ reason: 'no-command', code: 'failed', message: NO_COMMAND_MESSAGE });
  });
});
