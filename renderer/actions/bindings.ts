// SPDX-License-Identifier: MIT
import { useMemo } from 'react';
import type { KeybindingsSettings } from '../../shared/settings/key-combos';
import { useSettings } from '../state/settings';
import type { ActionId, KeyContext } from './catalog';
import { effectiveBindings, keymapOf, type Bindings } from './keys';

type Keymap = ReadonlyMap<string, ActionId>;

interface Compiled {
  readonly bindings: Bindings;
  /** The global shortcuts, taken before the terminal wherever the focus is. */
  readonly keymap: Keymap;
  /** The contextual ones, looked up only by the code that knows the context holds. */
  readonly inContext: Readonly<Record<KeyContext, Keymap>>;
}

let memo: (Compiled & { overrides: KeybindingsSettings | undefined }) | undefined;

/** The bindings and keymaps for a set of saved changes, computed once per change. */
export const compiledBindings = (overrides: KeybindingsSettings | undefined): Compiled => {
  if (!memo || memo.overrides !== overrides) {
    const bindings = effectiveBindings(overrides);
    const inContext = {
      suggestionShown: keymapOf(bindings, 'suggestionShown'),
      atPrompt: keymapOf(bindings, 'atPrompt'),
      completionMenuOpen: keymapOf(bindings, 'completionMenuOpen'),
    };
    memo = { overrides, bindings, keymap: keymapOf(bindings), inContext };
  }
  return memo;
};

/** The same, for components: re-rendered when the saved keybindings change. */
export const useBindings = (): Bindings => {
  const overrides = useSettings((state) => state.view?.keybindings);
  return useMemo(() => compiledBindings(overrides).bindings, [overrides]);
};
