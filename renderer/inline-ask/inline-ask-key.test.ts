// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { inlineAskKey, isInlineAskCombo } from './inline-ask-key';

const press = (
  code: string,
  mods: { ctrlKey?: boolean; altKey?: boolean; shiftKey?: boolean; metaKey?: boolean; isComposing?: boolean } = {},
) => ({
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('the Ctrl+I key', () => {
  it('is Ctrl with the I key alone', () => {
    expect(isInlineAskCombo(press('KeyI', { ctrlKey: true }))).toBe(true);
  });

  it.each([
    ['Tab', press('Tab')],
    ['Ctrl+Tab', press('Tab', { ctrlKey: true })],
    ['a plain i', press('KeyI')],
    ['Ctrl+Shift+I', press('KeyI', { ctrlKey: true, shiftKey: true })],
    ['Ctrl+Alt+I', press('KeyI', { ctrlKey: true, altKey: true })],
    ['Cmd+I', press('KeyI', { metaKey: true })],
    ['Ctrl+I while an IME composes', press('KeyI', { ctrlKey: true, isComposing: true })],
  ])('is not %s', (_name, event) => {
    expect(isInlineAskCombo(event)).toBe(false);
  });

  it('is left alone outside a terminal (no element target, as in the assistant’s fields)', () => {
    expect(inlineAskKey({ ...press('KeyI', { ctrlKey: true }), target: null })).toBeUndefined();
    const field = { closest: () => null } as unknown as EventTarget;
    expect(inlineAskKey({ ...press('KeyI', { ctrlKey: true }), target: field })).toBeUndefined();
  });
});
