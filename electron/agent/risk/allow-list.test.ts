// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_RUN_COMMANDS } from '../../../shared/settings/agent-entries';
import { mayRunUnasked } from './allow-list';

const list = DEFAULT_AUTO_RUN_COMMANDS;

describe('the allow-list of commands that may run unasked', () => {
  it.each([
    'ls -la',
    'ls -la | head -5',
    'grep -rn TODO src | head -20',
    'cat package.json | wc -l',
    'find . -name "*.ts" -newer package.json',
    'ls 2>/dev/null',
  ])('lets %s run', async (line) => {
    expect(await mayRunUnasked(line, list)).toBe(true);
  });

  it.each([
    ['rm -rf build', 'destructive'],
    ['ls; rm -rf build', 'a destructive part in a list'],
    ['ls | xargs rm', 'a destructive part behind xargs'],
    ['find . -name "*.o" -delete', 'find that deletes'],
    ['find . -exec cat {} \\;', 'find that runs a program'],
    ['git branch -D old', 'a git subcommand that deletes'],
    ['git status -s', 'git runs programs the repository names (core.fsmonitor, filters, hooks)'],
    ['git log --oneline -5', 'git runs the repository’s pager'],
    ['timeout 5 /usr/bin/git diff', 'git behind a wrapper and a path'],
    ['ls > listing.txt', 'a redirection that writes'],
    ['cat $FILE', 'an expansion whose value is unknown'],
    ['npm test', 'a command not on the list'],
    ['git push', 'a git subcommand not on the list'],
    ['sudo ls /root', 'escalation'],
    ['echo $(rm -rf /tmp/x)', 'a destructive substitution'],
    ['ls "unterminated', 'a line the parser cannot read'],
  ])('asks for %s (%s)', async (line) => {
    expect(await mayRunUnasked(line, list)).toBe(false);
  });

  it('follows the user’s edits: a removed entry asks, an added one runs', async () => {
    expect(
      await mayRunUnasked(
        'cat notes.txt',
        list.filter((e) => e !== 'cat'),
      ),
    ).toBe(false);
    expect(await mayRunUnasked('npm test', [...list, 'npm test'])).toBe(true);
    expect(await mayRunUnasked('npm test -- --watch', [...list, 'npm test'])).toBe(true);
    // An entry is whole words: "git s" does not admit "git status".
    expect(await mayRunUnasked('npm ls', ['npm l'])).toBe(false);
    // git asks even when the user lists it.
    expect(await mayRunUnasked('git status', [...list, 'git status'])).toBe(false);
  });
});
