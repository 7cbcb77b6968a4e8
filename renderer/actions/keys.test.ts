// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { normalizeCombo } from '../../shared/settings/key-combos';
import { ACTIONS, bindableActions } from './catalog';
import {
  browserKeeps,
  comboOf,
  comboProblem,
  conflictsOf,
  displayCombo,
  effectiveBindings,
  keymapOf,
  overridesOf,
  shortcutOf,
  type KeyEventLike,
} from './keys';

const press = (
  key: string,
  code: string,
  mods: Partial<Pick<KeyEventLike, 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>> = {},
): KeyEventLike => ({
  key,
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('the action registry', () => {
  it('has unique ids, and every default shortcut is spelled canonically and allowed', () => {
    expect(new Set(ACTIONS.map((a) => a.id)).size).toBe(ACTIONS.length);
    for (const action of ACTIONS) {
      for (const key of action.keys) {
        expect(normalizeCombo(key), key).toBe(key);
        expect(comboProblem(key, 'when' in action ? action.when : undefined), `${action.id}: ${key}`).toBeUndefined();
      }
    }
  });

  it('gives no default shortcut to two actions', () => {
    expect([...conflictsOf(effectiveBindings({}))]).toEqual([]);
  });

  it('includes the actions the app offers', () => {
    const ids = ACTIONS.map((a) => a.id);
    for (const id of [
      'tab-new',
      'tab-new-private',
      'tab-new-profile',
      'tab-close',
      'pane-split-right',
      'pane-zoom',
      'copy',
      'paste',
      'select-all',
      'clear',
      'find',
      'palette',
      'font-bigger',
      'font-smaller',
      'font-reset',
      'settings-open',
      'tab-menu',
    ])
      expect(ids).toContain(id);
    expect(bindableActions().some((a) => a.id === 'tab-new-profile')).toBe(false);
  });
});

describe('key presses → combinations', () => {
  it('reads letters from the physical key and keeps Shift with them', () => {
    expect(comboOf(press('P', 'KeyP', { ctrlKey: true, shiftKey: true }))).toBe('Ctrl+Shift+P');
    // Whatever the layout makes of the character (Cyrillic, Alt on macOS), the key is D.
    expect(comboOf(press('в', 'KeyD', { ctrlKey: true, shiftKey: true }))).toBe('Ctrl+Shift+D');
    expect(comboOf(press('∂', 'KeyD', { altKey: true, ctrlKey: true }))).toBe('Ctrl+Alt+D');
  });

  it('reads other keys from the character, where Shift is already part of it', () => {
    expect(comboOf(press('=', 'Equal', { ctrlKey: true }))).toBe('Ctrl+=');
    expect(comboOf(press('+', 'Equal', { ctrlKey: true, shiftKey: true }))).toBe('Ctrl++');
    expect(comboOf(press('+', 'NumpadAdd', { ctrlKey: true }))).toBe('Ctrl++');
    expect(comboOf(press('-', 'Minus', { ctrlKey: true }))).toBe('Ctrl+-');
    expect(comboOf(press('0', 'Digit0', { ctrlKey: true }))).toBe('Ctrl+0');
    expect(comboOf(press('Tab', 'Tab', { ctrlKey: true, shiftKey: true }))).toBe('Ctrl+Shift+Tab');
    expect(comboOf(press('ArrowLeft', 'ArrowLeft', { ctrlKey: true, altKey: true }))).toBe('Ctrl+Alt+ArrowLeft');
    expect(comboOf(press('F10', 'F10', { shiftKey: true }))).toBe('Shift+F10');
    expect(comboOf(press(' ', 'Space', { ctrlKey: true }))).toBe('Ctrl+Space');
  });

  it('is nothing for a modifier alone, a dead key, or AltGr typing a character', () => {
    expect(comboOf(press('Control', 'ControlLeft', { ctrlKey: true }))).toBeUndefined();
    expect(comboOf(press('Shift', 'ShiftLeft', { shiftKey: true, ctrlKey: true }))).toBeUndefined();
    expect(comboOf(press('Dead', 'BracketLeft'))).toBeUndefined();
    const altGr = { ...press('@', 'KeyQ', { ctrlKey: true, altKey: true }), getModifierState: (k: string) => k === 'AltGraph' };
    expect(comboOf(altGr)).toBeUndefined();
  });

  it('finds the action of a press through the keymap, the user’s changes first', () => {
    const keymap = keymapOf(effectiveBindings({ 'pane-split-right': ['Ctrl+Alt+J'] }));
    expect(keymap.get(comboOf(press('J', 'KeyJ', { ctrlKey: true, altKey: true }))!)).toBe('pane-split-right');
    expect(keymap.get('Ctrl+Shift+D')).toBeUndefined();
    expect(keymap.get('Ctrl+Shift+S')).toBe('pane-split-down');
  });
});

describe('which combinations can be shortcuts', () => {
  it.each([
    'Ctrl+C',
    'Ctrl+D',
    'Ctrl+R',
    'Ctrl+[',
    'Ctrl+Space',
    'Alt+B',
    'Alt+.',
    'Alt+ArrowLeft',
    'A',
    'Shift+A',
    'Enter',
    'Escape',
    'Ctrl+ArrowLeft',
    'Ctrl+Backspace',
  ])('refuses %s, which the terminal needs', (combo) => expect(comboProblem(combo)).toMatch(/terminal|typing|shell/));

  it.each(['Ctrl+Shift+C', 'Ctrl+Alt+J', 'Ctrl+=', 'F2', 'Shift+F10', 'ContextMenu', 'Meta+K', 'Ctrl+Shift+Enter', 'Alt+F4'])(
    'accepts %s',
    (combo) => expect(comboProblem(combo)).toBeUndefined(),
  );

  it('lets a contextual action take a key the terminal keeps elsewhere, but never typing, Tab or Enter', () => {
    for (const combo of ['ArrowRight', 'End', 'Escape', 'Alt+ArrowRight', 'Ctrl+Space', 'Ctrl+L'])
      expect(comboProblem(combo, 'suggestionShown'), combo).toBeUndefined();
    for (const combo of ['A', 'Shift+A', '/', 'Space', 'Tab', 'Enter', 'Shift+Tab'])
      expect(comboProblem(combo, 'suggestionShown'), combo).toMatch(/typing|shell/);
  });

  it('says which ones browsers keep', () => {
    expect(browserKeeps('Ctrl+Shift+T')).toMatch(/browser keeps Ctrl\+Shift\+T/);
    expect(browserKeeps('Ctrl+Tab')).toBeDefined();
    expect(browserKeeps('Ctrl+Shift+D')).toBeUndefined();
  });
});

describe('bindings', () => {
  it('reports a combination given to two actions, with both', () => {
    const bindings = effectiveBindings({ 'pane-split-down': ['Ctrl+Shift+D'] });
    expect(conflictsOf(bindings).get('Ctrl+Shift+D')).toEqual(['pane-split-right', 'pane-split-down']);
  });

  it('keeps contextual keys out of the global keymap: Right, Esc and Ctrl+Space stay the terminal’s outside their context', () => {
    const bindings = effectiveBindings({});
    for (const combo of ['ArrowRight', 'End', 'Escape', 'Alt+ArrowRight', 'Ctrl+Space'])
      expect(keymapOf(bindings).get(combo), combo).toBeUndefined();
    const shown = keymapOf(bindings, 'suggestionShown');
    expect([shown.get('ArrowRight'), shown.get('End'), shown.get('Alt+ArrowRight'), shown.get('Escape')]).toEqual([
      'suggestion-accept',
      'suggestion-accept',
      'suggestion-accept-word',
      'suggestion-hide',
    ]);
    expect(keymapOf(bindings, 'atPrompt').get('Ctrl+Space')).toBe('completion-open');
    expect(shown.get('Ctrl+Space')).toBeUndefined();
  });

  it('gives the open completion menu its keys, Enter and Tab included, in its context only', () => {
    const menu = keymapOf(effectiveBindings({}), 'completionMenuOpen');
    expect(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Enter', 'Tab', 'Escape'].map((combo) => menu.get(combo))).toEqual([
      'completion-next',
      'completion-previous',
      'completion-page-down',
      'completion-page-up',
      'completion-accept',
      'completion-accept',
      'completion-close',
    ]);
    expect(comboProblem('Tab', 'completionMenuOpen')).toBeUndefined();
    expect(comboProblem('A', 'completionMenuOpen')).toMatch(/typing/);
    for (const combo of ['ArrowDown', 'Enter', 'Tab']) expect(keymapOf(effectiveBindings({})).get(combo), combo).toBeUndefined();
  });

  it('follows a rebound contextual key, and leaves the old one to the terminal', () => {
    const bindings = effectiveBindings({ 'suggestion-accept': ['Ctrl+Shift+L'], 'completion-open': ['Ctrl+Shift+Space'] });
    const shown = keymapOf(bindings, 'suggestionShown');
    expect(shown.get('Ctrl+Shift+L')).toBe('suggestion-accept');
    expect(shown.get('ArrowRight')).toBeUndefined();
    expect(keymapOf(bindings, 'atPrompt').get('Ctrl+Shift+Space')).toBe('completion-open');
    expect(keymapOf(bindings, 'atPrompt').get('Ctrl+Space')).toBeUndefined();
  });

  it('sees a conflict only where two actions can meet', () => {
    // Same context, or a global action (taken everywhere) against a contextual one: a conflict.
    expect(conflictsOf(effectiveBindings({ 'suggestion-hide': ['ArrowRight'] })).get('ArrowRight')).toEqual([
      'suggestion-accept',
      'suggestion-hide',
    ]);
    expect(conflictsOf(effectiveBindings({ 'suggestion-accept': ['Ctrl+Shift+D'] })).get('Ctrl+Shift+D')).toEqual([
      'pane-split-right',
      'suggestion-accept',
    ]);
    // Different contexts: each key is looked up only in its own.
    expect(conflictsOf(effectiveBindings({ 'completion-open': ['End'] })).get('End')).toBeUndefined();
  });

  it('stores only what differs from the defaults (an empty list is "none")', () => {
    const bindings = new Map(effectiveBindings({ find: [], copy: ['Ctrl+Shift+C'] }));
    expect(overridesOf(bindings)).toEqual({ find: [] });
  });

  it('shows arrows as arrows and Meta as Cmd on a Mac', () => {
    expect(displayCombo('Ctrl+Alt+ArrowLeft')).toBe('Ctrl+Alt+←');
    expect(displayCombo('Meta+K', true)).toBe('Cmd+K');
    expect(displayCombo('Ctrl++')).toBe('Ctrl++');
    expect(shortcutOf(effectiveBindings({}), 'palette')).toBe('Ctrl+Shift+P');
    expect(shortcutOf(effectiveBindings({}), 'clear')).toBe('');
  });
});
