// SPDX-License-Identifier: MIT
import { useMemo } from 'react';
import type { KeybindingsSettings } from '../../shared/settings/key-combos';
import { useSettings } from '../state/settings';
import type { ActionId } from './catalog';
import { effectiveBindings, keymapOf, type Bindings } from './keys';

let memo: { overrides: KeybindingsSettings | undefined; bindings: Bindings; keymap: ReadonlyMap<string, ActionId> } | undefined;

/** The bindings and keymap for a set of saved changes, computed once per change. */
export const compiledBindings = (overrides: KeybindingsSettings | undefined): { bindings: Bindings; keymap: ReadonlyMap<string, ActionId> } => {
  if (!memo || memo.overrides !== overrides) {
    const bindings = effectiveBindings(overrides);
    memo = { overrides, bindings, keymap: keymapOf(bindings) };
  }
  return memo;
};

/** The same, for components: re-rendered when the saved keybindings change. */
export const useBindings = (): Bindings => {
  const overrides = useSettings((state) => state.view?.keybindings);
  return useMemo(() => compiledBindings(overrides).bindings, [overrides]);
};
