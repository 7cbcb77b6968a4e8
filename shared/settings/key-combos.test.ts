// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { KeybindingsSettings, normalizeCombo, partsOf } from './key-combos';
import { SettingsPatch } from './registry';

describe('key combination spelling', () => {
  it.each([
    ['ctrl+shift+p', 'Ctrl+Shift+P'],
    ['Shift+Ctrl+P', 'Ctrl+Shift+P'],
    ['Control + Alt + left', 'Ctrl+Alt+ArrowLeft'],
    ['Cmd+Plus', 'Meta++'],
    ['Ctrl++', 'Ctrl++'],
    ['Ctrl+Shift+=', 'Ctrl+='],
    ['ctrl+pgdn', 'Ctrl+PageDown'],
    ['shift+f10', 'Shift+F10'],
    ['Esc', 'Escape'],
    ['ctrl+space', 'Ctrl+Space'],
  ])('reads %s as %s', (typed, spelled) => expect(normalizeCombo(typed)).toBe(spelled));

  it.each(['', 'Ctrl+', 'Ctrl+Ctrl+A', 'Hyper+A', 'Ctrl+Foo', 'Ctrl+AB', 'Ctrl+\u0007'])('refuses %j', (typed) =>
    expect(normalizeCombo(typed)).toBeUndefined(),
  );

  it('splits a combination back into modifiers and key', () => {
    expect(partsOf('Ctrl+Shift+P')).toEqual({ modifiers: new Set(['Ctrl', 'Shift']), key: 'P' });
    expect(partsOf('Ctrl++')).toEqual({ modifiers: new Set(['Ctrl']), key: '+' });
  });
});

describe('the keybindings settings section', () => {
  it('accepts changed actions, including "no shortcut"', () => {
    expect(KeybindingsSettings.safeParse({ 'pane-split-right': ['Ctrl+Alt+J'], find: [] }).success).toBe(true);
    expect(SettingsPatch.safeParse({ keybindings: {} }).success).toBe(true);
  });

  it('refuses misspelled combinations, bad ids and a combination given twice', () => {
    expect(KeybindingsSettings.safeParse({ find: ['ctrl+shift+f'] }).error?.issues[0]?.message).toMatch(/not a key combination/);
    expect(KeybindingsSettings.safeParse({ 'Bad Id': ['F2'] }).success).toBe(false);
    expect(KeybindingsSettings.safeParse({ find: ['F2'], copy: ['F2'] }).error?.issues[0]?.message).toMatch(/two actions/);
    expect(KeybindingsSettings.safeParse({ find: ['F1', 'F2', 'F3', 'F4', 'F5'] }).success).toBe(false);
  });
});
