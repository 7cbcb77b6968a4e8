// SPDX-License-Identifier: MIT
// Key combinations as text, with no schema: the page needs these at start-up, and the schemas
// (key-combos.ts) would bring zod with them.

/**
 * Key combinations as text: modifiers in the order Ctrl, Alt, Shift, Meta, then one key, joined by
 * `+` (`Ctrl+Shift+P`, `Ctrl+Alt+ArrowLeft`, `Ctrl+=`, `Ctrl++`, `Shift+F10`). Letters are upper
 * case and name the physical key; other characters are the character typed, which already says
 * whether Shift was held, so Shift is left out for them (`Ctrl++`, not `Ctrl+Shift+=`).
 */
const MODIFIERS = ['Ctrl', 'Alt', 'Shift', 'Meta'] as const;
export type Modifier = (typeof MODIFIERS)[number];

/** Named (non-character) keys that can end a combination, spelled as KeyboardEvent.key spells them. */
const NAMED_KEYS = [
  'Enter',
  'Tab',
  'Space',
  'Backspace',
  'Delete',
  'Insert',
  'Escape',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ContextMenu',
  ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`),
] as const;

const MODIFIER_ALIASES: Readonly<Record<string, Modifier>> = {
  ctrl: 'Ctrl',
  control: 'Ctrl',
  alt: 'Alt',
  option: 'Alt',
  opt: 'Alt',
  shift: 'Shift',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
  super: 'Meta',
  win: 'Meta',
};

const KEY_ALIASES: Readonly<Record<string, string>> = {
  esc: 'Escape',
  return: 'Enter',
  del: 'Delete',
  ins: 'Insert',
  pgup: 'PageUp',
  pgdn: 'PageDown',
  pagedn: 'PageDown',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  menu: 'ContextMenu',
  plus: '+',
  minus: '-',
  equal: '=',
  ' ': 'Space',
  '←': 'ArrowLeft',
  '→': 'ArrowRight',
  '↑': 'ArrowUp',
  '↓': 'ArrowDown',
};

const NAMED = new Map(NAMED_KEYS.map((key) => [key.toLowerCase(), key]));

/** The key part of a combination in its one spelling, or undefined for something that is no key. */
const normalizeKey = (raw: string): string | undefined => {
  const alias = KEY_ALIASES[raw.toLowerCase()] ?? KEY_ALIASES[raw];
  if (alias) return alias;
  const named = NAMED.get(raw.toLowerCase());
  if (named) return named;
  // One printable character (not a space or a control character).
  if ([...raw].length === 1 && /^[\x21-\x7e\u00a1-\uffff]$/u.test(raw))
    return raw.length === 1 && /[a-z]/i.test(raw) ? raw.toUpperCase() : raw;
  return undefined;
};

/** Whether the key is one character (Shift is then part of the character, except for letters). */
const isCharacter = (key: string): boolean => !NAMED.has(key.toLowerCase());

/** Builds the one spelling of a combination from its parts; undefined when the key is no key. */
export const formatCombo = (modifiers: Iterable<Modifier>, rawKey: string): string | undefined => {
  const key = normalizeKey(rawKey);
  if (!key) return undefined;
  const held = new Set(modifiers);
  if (isCharacter(key) && !/^[A-Z]$/.test(key)) held.delete('Shift');
  return [...MODIFIERS.filter((m) => held.has(m)), key].join('+');
};

/**
 * Reads a combination as typed in a file or a form (`ctrl+shift+p`, `Cmd+Plus`, `Ctrl++`) and
 * returns its one spelling, or undefined when it is not a key combination.
 */
export const normalizeCombo = (text: string): string | undefined => {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 60) return undefined;
  // The key may itself be `+`: `Ctrl++` is Ctrl and +.
  let key: string;
  let rest: string;
  if (trimmed === '+') {
    key = '+';
    rest = '';
  } else if (trimmed.endsWith('++')) {
    key = '+';
    rest = trimmed.slice(0, -2);
  } else {
    const cut = trimmed.lastIndexOf('+');
    key = trimmed.slice(cut + 1).trim();
    rest = cut < 0 ? '' : trimmed.slice(0, cut);
  }
  const modifiers: Modifier[] = [];
  if (rest !== '') {
    for (const part of rest.split('+')) {
      const modifier = MODIFIER_ALIASES[part.trim().toLowerCase()];
      if (!modifier || modifiers.includes(modifier)) return undefined;
      modifiers.push(modifier);
    }
  }
  return formatCombo(modifiers, key);
};

/** The modifiers and key of a combination in its one spelling. */
export const partsOf = (combo: string): { modifiers: Set<Modifier>; key: string } => {
  if (combo === '+' || combo.endsWith('++'))
    return { modifiers: new Set(combo.slice(0, -2).split('+').filter(Boolean) as Modifier[]), key: '+' };
  const parts = combo.split('+');
  const key = parts.pop() ?? '';
  return { modifiers: new Set(parts as Modifier[]), key };
};
