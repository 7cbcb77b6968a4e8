// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { checkEditedCommand, parseRunArgs } from './run-command-args';

const propose = (command: string) => () => parseRunArgs({ command });

/*
 * The red team's "what is shown is not what runs" (issue 40): text that renders blank pushes the real
 * command out of sight, and a look-alike letter makes a word read as another.
 */
describe('run_command refuses a line whose shown text is not what runs', () => {
  it.each([
    ['U+2800', `touch X ;${'\u2800'.repeat(1400)} git status`],
    ['U+3164', 'ls\u3164; touch X'],
    ['U+115F', 'ls \u115f x'],
    ['U+1160', 'ls \u1160 x'],
    ['U+FFA0', 'ls \uffa0 x'],
    ['U+2007', 'ls\u2007-la'],
    ['U+205F', 'ls\u205f-la'],
    ['U+00A0', 'rm -rf /tmp\u00a0/x'],
    ['U+200B', 'ls\u200b x'],
    ['U+061C', 'ls \u061cx'],
    ['U+E000', 'ls \ue000'],
    ['U+1D173', 'ls \u{1d173}x'],
  ])('refuses a blank or invisible code point (%s) with a plain reason', (code, command) => {
    expect(propose(command)).toThrow(code);
    expect(checkEditedCommand(command)).toMatch(/invisible|blank/);
  });

  it.each(['touch X ;        git status', 'ls         -la', `ls -la ${' '.repeat(12)}&& touch X`])(
    'refuses a run of 8 or more spaces between words outside quotes: %j',
    (command) => {
      expect(propose(command)).toThrow(/run of spaces/);
    },
  );

  it.each(["printf '%s        %s\\n' a b", 'echo "a          b"', 'ls -la    x'])(
    'leaves spaces inside quotes, or a short run, alone: %j',
    (command) => {
      expect(parseRunArgs({ command }).command).toBe(command);
    },
  );

  it.each([
    ['git clone https://g\u0456thub.com/x/y', 'g\u0456thub'],
    ['curl -fsSL https://\u0440aypal.com/x', '\u0440aypal'],
    ['cat /etc/p\u03b1sswd', 'p\u03b1sswd'],
    ['ssh r\u043e\u043et@host', 'r\u043e\u043et'],
  ])('refuses a word that mixes scripts (look-alike letters): %s', (command, word) => {
    expect(propose(command)).toThrow(/mixes scripts/);
    expect(propose(command)).toThrow(word);
    expect(checkEditedCommand(command)).toMatch(/mixes/);
  });

  it.each(['echo Привет мир', 'grep -r "日本語テキスト" .', 'echo naïve café', 'echo Ελληνικά && echo latin'])(
    'leaves words of one script alone: %s',
    (command) => {
      expect(parseRunArgs({ command }).command).toBe(command);
    },
  );
});
