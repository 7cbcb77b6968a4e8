// SPDX-License-Identifier: MIT
import type { DraftCodec } from '../../../shared/settings/draft';
import type { KeybindingsSettings } from '../../../shared/settings/key-combos';
import { actionSpec, isActionId, type ActionId } from '../../actions/catalog';
import { comboProblem, conflictsOf, displayCombo, effectiveBindings, overridesOf, shareContext, type Bindings } from '../../actions/keys';

/** The keybindings as edited: the user's changes by action id (absent = the default shortcuts). */
export type KeybindingsDraft = Readonly<Record<string, readonly string[]>>;

/** Changing one action's shortcuts in the draft. */
export const withBinding = (draft: KeybindingsDraft, id: ActionId, combos: readonly string[] | undefined): KeybindingsDraft => {
  const next: Record<string, readonly string[]> = { ...draft };
  if (combos === undefined) delete next[id];
  else next[id] = combos;
  return next;
};

/** What is wrong with one action's shortcuts in these bindings: a combination the terminal needs, or one another action has. */
export const bindingProblems = (bindings: Bindings, id: ActionId): { readonly invalid: string[]; readonly conflicts: string[] } => {
  const combos = bindings.get(id) ?? [];
  const invalid = combos.flatMap((combo) => {
    const problem = comboProblem(combo, actionSpec(id)?.when);
    return problem ? [problem] : [];
  });
  const conflicts: string[] = [];
  const shared = conflictsOf(bindings);
  for (const combo of combos) {
    const others = (shared.get(combo) ?? []).filter((other) => other !== id && shareContext(id, other));
    if (others.length > 0)
      conflicts.push(`${displayCombo(combo)} is also “${others.map((o) => actionSpec(o)?.title ?? o).join('”, “')}”: change one of them`);
  }
  return { invalid, conflicts };
};

/**
 * The `keybindings` section to save, with every problem in `errors` under `keybindings.<action>`:
 * a combination the terminal needs, or one given to two actions (which must be resolved before
 * saving). Only changed actions are stored; ids this build does not know are kept as they were.
 */
export const keybindingsOf = (draft: KeybindingsDraft, errors: Record<string, string>): KeybindingsSettings => {
  const bindings = effectiveBindings(draft);
  for (const id of bindings.keys()) {
    const { invalid, conflicts } = bindingProblems(bindings, id);
    const message = [...invalid, ...conflicts][0];
    if (message) errors[`keybindings.${id}`] ??= message;
  }
  const unknown = Object.entries(draft).filter(([id]) => !isActionId(id));
  const saved = { ...overridesOf(bindings), ...Object.fromEntries(unknown.map(([id, combos]) => [id, [...combos]])) };
  // Actions of different contexts may share a key, but the saved section keeps each key once (its schema cannot know contexts).
  const owner = new Map<string, string>();
  for (const [id, combos] of Object.entries(saved))
    for (const combo of combos) {
      const first = owner.get(combo);
      if (first === undefined) owner.set(combo, id);
      else
        errors[`keybindings.${id}`] ??=
          `${displayCombo(combo)} is also “${actionSpec(first)?.title ?? first}” (changed keys are kept once, even in different contexts): change one of them`;
    }
  return saved;
};

export const keybindingsCodec: DraftCodec<KeybindingsSettings, KeybindingsDraft> = {
  toDraft: (saved) => saved,
  fromDraft: (draft, errors) => keybindingsOf(draft, errors),
};
