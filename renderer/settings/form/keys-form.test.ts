// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { effectiveBindings } from '../../actions/keys';
import { bindingProblems, keybindingsOf, withBinding } from './keys-form';

describe('Settings → Keys ⇄ the keybindings section', () => {
  it('saves only the actions that differ from their defaults', () => {
    const errors: Record<string, string> = {};
    const draft = withBinding(withBinding({}, 'pane-split-right', ['Ctrl+Shift+D', 'Ctrl+Alt+J']), 'copy', ['Ctrl+Shift+C']);
    expect(keybindingsOf(draft, errors)).toEqual({ 'pane-split-right': ['Ctrl+Shift+D', 'Ctrl+Alt+J'] });
    expect(errors).toEqual({});
    expect(keybindingsOf(withBinding(draft, 'pane-split-right', undefined), errors)).toEqual({});
  });

  it('reports a conflict on both actions until it is resolved', () => {
    const errors: Record<string, string> = {};
    const draft = withBinding({}, 'pane-split-down', ['Ctrl+Shift+D']);
    keybindingsOf(draft, errors);
    expect(errors['keybindings.pane-split-down']).toMatch(/Ctrl\+Shift\+D is also “Split right”/);
    expect(errors['keybindings.pane-split-right']).toMatch(/is also “Split down”/);
    expect(bindingProblems(effectiveBindings(draft), 'pane-split-right').conflicts).toHaveLength(1);
    const fixed: Record<string, string> = {};
    keybindingsOf(withBinding(draft, 'pane-split-right', ['Ctrl+Alt+R']), fixed);
    expect(fixed).toEqual({});
  });

  it('lets actions of different contexts share a key, except where both would be saved (settings keep a key once)', () => {
    const shared: Record<string, string> = {};
    // Esc is both the menu's close and the suggestion's hide by default: different contexts, no conflict.
    keybindingsOf(withBinding({}, 'completion-open', ['End']), shared);
    expect(shared).toEqual({});
    const errors: Record<string, string> = {};
    keybindingsOf(withBinding(withBinding({}, 'completion-close', ['Ctrl+Shift+X']), 'suggestion-hide', ['Ctrl+Shift+X']), errors);
    expect(errors['keybindings.suggestion-hide']).toMatch(/Ctrl\+Shift\+X is also “Completion menu: close”/);
  });

  it('refuses a combination the terminal needs, and keeps ids this build does not know', () => {
    const errors: Record<string, string> = {};
    expect(keybindingsOf({ find: ['Ctrl+C'], 'from-a-newer-build': ['F7'] }, errors)).toEqual({
      find: ['Ctrl+C'],
      'from-a-newer-build': ['F7'],
    });
    expect(errors['keybindings.find']).toMatch(/terminal needs Ctrl\+C/);
  });
});
