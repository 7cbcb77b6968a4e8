// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { normalizeCombo } from './combo-text';

export * from './combo-text';

const KeyCombo = z
  .string()
  .max(60)
  .refine((combo) => normalizeCombo(combo) === combo, {
    error: (issue) => `“${String(issue.input)}” is not a key combination (e.g. Ctrl+Shift+P, Ctrl+Alt+ArrowLeft, F2)`,
  });

/**
 * `settings.keybindings`: the shortcuts the user changed, by action id (`pane-split-right`). An
 * action not listed keeps its default shortcuts; an empty list means none. The renderer's action
 * registry owns the ids and defaults and checks conflicts with them; here only what needs no
 * registry is checked: the spelling, and that no combination is given to two actions.
 */
export const KeybindingsSettings = z
  .record(
    z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, { error: 'an action id: lowercase letters, digits and -' }),
    z.array(KeyCombo).max(4, { error: 'at most 4 shortcuts per action' }),
  )
  .refine((bindings) => Object.keys(bindings).length <= 200, 'at most 200 actions')
  .refine(
    (bindings) => {
      const all = Object.values(bindings).flat();
      return new Set(all).size === all.length;
    },
    { error: 'a shortcut is given to two actions' },
  );
export type KeybindingsSettings = z.infer<typeof KeybindingsSettings>;
