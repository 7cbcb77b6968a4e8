// SPDX-License-Identifier: MIT
import { formatCombo, partsOf, type Modifier } from '../../shared/settings/combo-text';
import type { KeybindingsSettings } from '../../shared/settings/key-combos';
import { actionSpec, bindableActions, type ActionId, type KeyContext } from './catalog';

/** What a key event carries that a combination is made of (a KeyboardEvent fits). */
export interface KeyEventLike {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly metaKey: boolean;
  getModifierState?(key: string): boolean;
}

const MODIFIER_KEYS = new Set(['Control', 'Alt', 'AltGraph', 'Shift', 'Meta', 'OS', 'Super', 'Hyper', 'CapsLock', 'NumLock', 'Fn']);

/**
 * The combination a key press is, in the stored spelling; undefined for a modifier on its own, a
 * dead key or an unknown one. Letters are read from the physical key (`code`), so Ctrl+Shift+D is
 * the same on any Latin layout and whatever Shift does to the character; everything else from the
 * character typed.
 */
export const comboOf = (event: KeyEventLike): string | undefined => {
  if (MODIFIER_KEYS.has(event.key) || event.key === 'Dead' || event.key === 'Unidentified' || event.key === 'Process') return undefined;
  // AltGr reports Ctrl+Alt on Windows and Linux: AltGr+Q typing @ on a German layout is typing.
  if (event.getModifierState?.('AltGraph') && [...event.key].length === 1) return undefined;
  const modifiers: Modifier[] = [];
  if (event.ctrlKey) modifiers.push('Ctrl');
  if (event.altKey) modifiers.push('Alt');
  if (event.shiftKey) modifiers.push('Shift');
  if (event.metaKey) modifiers.push('Meta');
  const letter = /^Key([A-Z])$/.exec(event.code)?.[1];
  const key = letter ?? (event.key === ' ' ? 'Space' : event.key);
  return formatCombo(modifiers, key);
};

/** Keys a shell or a full-screen program reads: control characters, Meta sequences, plain typing. */
const CONTROL_CHARACTERS = new Set(['[', '\\', ']', '@', '^', '_', '/', '?', 'Space', '2', '3', '4', '5', '6', '7', '8']);

/**
 * Why a combination cannot be a shortcut, or undefined when it can. App shortcuts are taken before
 * the terminal sees the key, so whatever the terminal needs must stay its own. A contextual one
 * (`when`) is taken only there (the keys stay the shell's elsewhere), so only what would break the
 * line in that context is refused: typing a character, and (but in the completion menu) Tab and Enter.
 */
export const comboProblem = (combo: string, when?: KeyContext): string | undefined => {
  const { modifiers, key } = partsOf(combo);
  if (when !== undefined) {
    const plain = !modifiers.has('Ctrl') && !modifiers.has('Alt') && !modifiers.has('Meta');
    if (plain && ([...key].length === 1 || key === 'Space')) return `${combo} is typing at the prompt: use another key`;
    // An open menu owns Tab and Enter (insert); at a bare prompt they stay the shell's.
    if (plain && when !== 'completionMenuOpen' && (key === 'Tab' || key === 'Enter'))
      return `${combo} stays the shell’s at the prompt (completion, running the line): use another key`;
    return undefined;
  }
  const ctrl = modifiers.has('Ctrl');
  const alt = modifiers.has('Alt');
  const meta = modifiers.has('Meta');
  const shift = modifiers.has('Shift');
  const fKey = /^F\d+$/.test(key);
  if (!ctrl && !alt && !meta) {
    if (fKey || key === 'ContextMenu') return undefined;
    return `${combo} is typing: add Ctrl (and Shift) so the terminal keeps it`;
  }
  if (ctrl && !alt && !meta && !shift && (/^[A-Z]$/.test(key) || CONTROL_CHARACTERS.has(key))) {
    return `the terminal needs ${combo} (a control character such as Ctrl+C interrupt, Ctrl+D end of input, Ctrl+R history search): add Shift`;
  }
  if (alt && !ctrl && !meta && !fKey)
    return `${combo} is the terminal’s Meta key (word motion, Alt+. and the like): use Ctrl+Alt or Ctrl+Shift`;
  if (ctrl && !alt && !meta && !shift && (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Backspace' || key === 'Delete')) {
    return `the shell moves or deletes by word with ${combo}: add Shift`;
  }
  return undefined;
};

/** Shortcuts a browser keeps for itself (a page never sees them), with what it does with them. */
const BROWSER_KEEPS: Readonly<Record<string, string>> = {
  'Ctrl+Shift+T': 'reopens a closed tab',
  'Ctrl+Shift+W': 'closes the window',
  'Ctrl+Shift+N': 'opens a private window',
  'Ctrl+Tab': 'switches browser tabs',
  'Ctrl+Shift+Tab': 'switches browser tabs',
  'Ctrl+PageDown': 'switches browser tabs',
  'Ctrl+PageUp': 'switches browser tabs',
  'Ctrl+T': 'opens a browser tab',
  'Ctrl+W': 'closes the browser tab',
  'Ctrl+N': 'opens a browser window',
};

/** In browser mode, why a shortcut will not reach the page; undefined when it does. */
export const browserKeeps = (combo: string): string | undefined => {
  const what = BROWSER_KEEPS[combo];
  return what ? `in browser mode your browser keeps ${combo} (it ${what})` : undefined;
};

export type Bindings = ReadonlyMap<ActionId, readonly string[]>;

/** Every bindable action's shortcuts: the user's where they changed them, else the defaults. */
export const effectiveBindings = (overrides: Readonly<Record<string, readonly string[]>> | undefined): Bindings =>
  new Map(bindableActions().map((action) => [action.id as ActionId, overrides?.[action.id] ?? action.keys]));

/** Whether two actions' shortcuts can meet: a global one meets every other; contextual ones meet in the same context. */
export const shareContext = (a: ActionId, b: ActionId): boolean => {
  const [x, y] = [actionSpec(a)?.when, actionSpec(b)?.when];
  return x === undefined || y === undefined || x === y;
};

/** Combinations given to more than one action that can meet, each with those actions (in registry order). */
export const conflictsOf = (bindings: Bindings): ReadonlyMap<string, readonly ActionId[]> => {
  const users = new Map<string, ActionId[]>();
  for (const [id, combos] of bindings) for (const combo of new Set(combos)) users.set(combo, [...(users.get(combo) ?? []), id]);
  const clashing = [...users].map(
    ([combo, ids]) => [combo, ids.filter((id) => ids.some((other) => other !== id && shareContext(id, other)))] as const,
  );
  return new Map(clashing.filter(([, ids]) => ids.length > 1));
};

/**
 * Combination → action, for key presses: the global shortcuts (no `when`), or those of one context.
 * With conflicts (never saved) the first action wins.
 */
export const keymapOf = (bindings: Bindings, when?: KeyContext): ReadonlyMap<string, ActionId> => {
  const map = new Map<string, ActionId>();
  for (const [id, combos] of bindings) {
    if (actionSpec(id)?.when !== when) continue;
    for (const combo of combos) if (!map.has(combo)) map.set(combo, id);
  }
  return map;
};

/** The overrides to store for these bindings: only the actions that differ from their defaults. */
export const overridesOf = (bindings: Bindings): KeybindingsSettings => {
  const out: Record<string, string[]> = {};
  for (const [id, combos] of bindings) {
    const defaults = actionSpec(id)?.keys ?? [];
    if (combos.length !== defaults.length || combos.some((c, i) => c !== defaults[i])) out[id] = [...combos];
  }
  return out;
};

const GLYPHS: Readonly<Record<string, string>> = {
  Escape: 'Esc',
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  PageUp: 'PgUp',
  PageDown: 'PgDn',
  ContextMenu: 'Menu',
};

/** A combination as shown to people: arrows as arrows, Meta as Cmd on a Mac. */
export const displayCombo = (combo: string, mac = false): string => {
  const { modifiers, key } = partsOf(combo);
  const names = [...modifiers].map((m) => (m === 'Meta' ? (mac ? 'Cmd' : 'Meta') : m === 'Alt' && mac ? 'Option' : m));
  return [...names, GLYPHS[key] ?? key].join('+');
};

/** The shortcut shown next to an action (its first), or '' when it has none. */
export const shortcutOf = (bindings: Bindings, id: ActionId, mac = false): string => {
  const first = bindings.get(id)?.[0];
  return first ? displayCombo(first, mac) : '';
};
