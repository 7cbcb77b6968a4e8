// SPDX-License-Identifier: MIT
import { z } from 'zod';

/** `#rrggbb`, or `#rrggbbaa` (a see-through selection). */
const SchemeColor = z.string().regex(/^#[0-9a-f]{6}([0-9a-f]{2})?$/i, { error: 'a colour like #1e2030' });

/** A terminal colour scheme in xterm.js's names: the 16 ANSI colours and those around them. */
export const SchemeColors = z.strictObject({
  background: SchemeColor,
  foreground: SchemeColor,
  cursor: SchemeColor,
  /** The character under a block cursor; the background when absent. */
  cursorAccent: SchemeColor.optional(),
  selectionBackground: SchemeColor,
  selectionForeground: SchemeColor.optional(),
  black: SchemeColor,
  red: SchemeColor,
  green: SchemeColor,
  yellow: SchemeColor,
  blue: SchemeColor,
  magenta: SchemeColor,
  cyan: SchemeColor,
  white: SchemeColor,
  brightBlack: SchemeColor,
  brightRed: SchemeColor,
  brightGreen: SchemeColor,
  brightYellow: SchemeColor,
  brightBlue: SchemeColor,
  brightMagenta: SchemeColor,
  brightCyan: SchemeColor,
  brightWhite: SchemeColor,
});
export type SchemeColors = z.infer<typeof SchemeColors>;

export const MAX_CUSTOM_SCHEMES = 20;

/** An imported scheme (iTerm2, Windows Terminal, VS Code); its id never clashes with a built-in's. */
export const CustomScheme = z.strictObject({
  id: z.string().regex(/^custom-[a-z0-9-]{1,48}$/, { error: 'an id like custom-my-scheme' }),
  name: z.string().trim().min(1).max(80),
  colors: SchemeColors,
});
export type CustomScheme = z.infer<typeof CustomScheme>;

/** The imported schemes as `terminal.customSchemes` holds them. */
export const CustomSchemes = z
  .array(CustomScheme)
  .max(MAX_CUSTOM_SCHEMES, { error: `at most ${MAX_CUSTOM_SCHEMES} imported schemes: remove one first` })
  .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'scheme ids must be unique');
