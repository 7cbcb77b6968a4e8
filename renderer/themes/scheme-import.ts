// SPDX-License-Identifier: MIT
import { CustomScheme, MAX_CUSTOM_SCHEMES, SchemeColors } from '../../shared/ipc/settings';
import { parsePlist, PlistError, type PlistValue } from './plist';
import { ANSI_NAMES, type AnsiName } from './schemes';

/**
 * Reads colour schemes from the files other terminals use: iTerm2's `.itermcolors` (an XML property
 * list of colour dictionaries) and the JSON of Windows Terminal (one scheme, or a settings.json with
 * `schemes`) and VS Code (`terminal.*` keys, at the top, in `workbench.colorCustomizations` or in a
 * colour theme's `colors`). Every failure is a sentence for the settings page.
 */
export interface ImportedScheme {
  readonly name: string;
  readonly colors: SchemeColors;
}

export type ImportResult =
  { readonly ok: true; readonly schemes: readonly ImportedScheme[] } | { readonly ok: false; readonly message: string };

/** Far above any real scheme file (a busy settings.json is a few dozen KB). */
export const MAX_SCHEME_FILE_BYTES = 1_000_000;

class ImportError extends Error {}

type ColorKey = keyof SchemeColors;
const SELECTION_KEYS: ReadonlySet<ColorKey> = new Set(['selectionBackground', 'selectionForeground']);

/**
 * `#rgb`, `#rrggbb` or `#rrggbbaa` as lower-case `#rrggbb`; an alpha is kept for the selection only
 * (xterm.js draws it see-through), elsewhere a terminal has no use for one.
 */
export const normalizeColor = (value: unknown, key: ColorKey, label: string): string => {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  let match = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (match) return `#${match[1]}${match[1]}${match[2]}${match[2]}${match[3]}${match[3]}`;
  match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(text);
  if (match) return SELECTION_KEYS.has(key) && match[2] && match[2] !== 'ff' ? `#${match[1]}${match[2]}` : `#${match[1]}`;
  const shown = typeof value === 'string' ? `“${value.slice(0, 40)}”` : value === undefined ? 'missing' : `a ${typeof value}`;
  throw new ImportError(`${label} is not a colour like #1e2030 (it is ${shown}).`);
};

/** Fills the colours a scheme may leave out; checks the whole with the settings schema. */
const complete = (name: string, found: Partial<Record<ColorKey, string>>, labelOf: (key: ColorKey) => string): ImportedScheme => {
  const missing = (['background', 'foreground', ...ANSI_NAMES] as ColorKey[]).filter((key) => found[key] === undefined);
  if (missing.length > 0) {
    const shown = missing.slice(0, 4).map(labelOf).join(', ');
    throw new ImportError(`The scheme has no ${shown}${missing.length > 4 ? ` or ${missing.length - 4} more` : ''}.`);
  }
  const colors = { ...found, cursor: found.cursor ?? found.foreground, selectionBackground: found.selectionBackground ?? found.foreground };
  const parsed = SchemeColors.safeParse(colors);
  if (!parsed.success) throw new ImportError(`The scheme's ${String(parsed.error.issues[0]?.path[0] ?? 'colours')} is not a colour.`);
  const trimmed = name.trim().slice(0, 80);
  return { name: trimmed || 'Imported scheme', colors: parsed.data };
};

// ——— iTerm2 ———

const ITERM_KEYS: Readonly<Record<ColorKey, string>> = {
  background: 'Background Color',
  foreground: 'Foreground Color',
  cursor: 'Cursor Color',
  cursorAccent: 'Cursor Text Color',
  selectionBackground: 'Selection Color',
  selectionForeground: 'Selected Text Color',
  ...(Object.fromEntries(ANSI_NAMES.map((name, i) => [name, `Ansi ${i} Color`])) as Record<AnsiName, string>),
};

const isDict = (value: PlistValue | undefined): value is Record<string, PlistValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An iTerm2 colour: Red/Green/Blue Component floats from 0 to 1 (sRGB, or near enough to it). */
const itermColor = (value: PlistValue, label: string): string => {
  if (!isDict(value)) throw new ImportError(`“${label}” is not a colour.`);
  const hex = (['Red', 'Green', 'Blue'] as const).map((channel) => {
    const component = value[`${channel} Component`];
    // Extended-range (P3) exports can step a hair outside 0–1; anything further is not a colour.
    if (typeof component !== 'number' || component < -0.01 || component > 1.01) {
      throw new ImportError(`“${label}” has no valid ${channel} Component (a number from 0 to 1).`);
    }
    return Math.round(Math.min(1, Math.max(0, component)) * 255)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${hex.join('')}`;
};

const parseItermColors = (text: string, fallbackName: string): ImportedScheme => {
  let root: PlistValue;
  try {
    root = parsePlist(text);
  } catch (error) {
    if (error instanceof PlistError) throw new ImportError(`This is not a readable iTerm2 colour file: ${error.message}.`);
    throw error;
  }
  if (!isDict(root)) throw new ImportError('This is not an iTerm2 colour file: it holds no colour dictionary.');
  const found: Partial<Record<ColorKey, string>> = {};
  for (const [key, label] of Object.entries(ITERM_KEYS) as Array<[ColorKey, string]>) {
    // Newer iTerm2 exports may hold only the per-appearance variants.
    const value = root[label] ?? root[`${label} (Dark)`];
    if (value !== undefined) found[key] = itermColor(value, label);
  }
  return complete(fallbackName, found, (key) => `“${ITERM_KEYS[key]}”`);
};

// ——— Windows Terminal and VS Code ———

/** JSON with comments and trailing commas (settings.json files have both) as plain JSON. */
export const stripJsonComments = (text: string): string => {
  let out = '';
  /** Where in `out` a comma waits to learn whether a value follows it (else it is dropped). */
  let comma = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
      out += ' ';
      continue;
    }
    if (/\s/.test(c)) {
      out += c;
      continue;
    }
    if ((c === '}' || c === ']') && comma >= 0) out = out.slice(0, comma) + out.slice(comma + 1);
    comma = c === ',' ? out.length : -1;
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else out += c;
  }
  return out;
};

/** Windows Terminal's names (which say purple for magenta) and xterm.js's own. */
const WINDOWS_TERMINAL_KEYS: ReadonlyArray<readonly [string, ColorKey]> = [
  ['background', 'background'],
  ['foreground', 'foreground'],
  ['cursorColor', 'cursor'],
  ['cursor', 'cursor'],
  ['cursorAccent', 'cursorAccent'],
  ['selectionBackground', 'selectionBackground'],
  ['selectionForeground', 'selectionForeground'],
  ['purple', 'magenta'],
  ['brightPurple', 'brightMagenta'],
  ...ANSI_NAMES.map((name) => [name, name] as const),
];

const vscodeAnsi = (name: AnsiName): string => `terminal.ansi${name[0]!.toUpperCase()}${name.slice(1)}`;

const VSCODE_KEYS: ReadonlyArray<readonly [string, ColorKey]> = [
  ['terminal.background', 'background'],
  ['terminal.foreground', 'foreground'],
  // A colour theme without terminal colours paints the terminal like its editor.
  ['editor.background', 'background'],
  ['editor.foreground', 'foreground'],
  ['terminalCursor.foreground', 'cursor'],
  ['terminalCursor.background', 'cursorAccent'],
  ['terminal.selectionBackground', 'selectionBackground'],
  ['terminal.selectionForeground', 'selectionForeground'],
  ...ANSI_NAMES.map((name) => [vscodeAnsi(name), name] as const),
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first key of each colour that is present wins (so `terminal.background` beats `editor.background`). */
const pick = (
  source: Json,
  keys: ReadonlyArray<readonly [string, ColorKey]>,
): { found: Partial<Record<ColorKey, string>>; labels: Map<ColorKey, string> } => {
  const found: Partial<Record<ColorKey, string>> = {};
  const labels = new Map<ColorKey, string>();
  for (const [name, key] of keys) {
    if (!labels.has(key)) labels.set(key, `“${name}”`);
    if (found[key] !== undefined || source[name] === undefined) continue;
    found[key] = normalizeColor(source[name], key, `“${name}”`);
  }
  return { found, labels };
};

const fromKeys = (source: Json, keys: ReadonlyArray<readonly [string, ColorKey]>, name: string): ImportedScheme => {
  const { found, labels } = pick(source, keys);
  return complete(name, found, (key) => labels.get(key) ?? key);
};

const parseSchemeJson = (text: string, fallbackName: string): ImportedScheme[] => {
  let root: unknown;
  try {
    root = JSON.parse(stripJsonComments(text));
  } catch {
    throw new ImportError('This is not readable JSON.');
  }
  // A bare list of Windows Terminal schemes.
  if (Array.isArray(root)) root = { schemes: root };
  if (!isObject(root)) throw new ImportError('This JSON holds no colour scheme (it is not an object).');
  const name = (value: unknown) => (typeof value === 'string' && value.trim() ? value : fallbackName);
  // Windows Terminal's settings.json: every scheme in it.
  if (Array.isArray(root.schemes)) {
    const schemes = root.schemes.filter(isObject);
    if (schemes.length === 0) throw new ImportError('The file\u2019s "schemes" list is empty.');
    return schemes.map((scheme) => fromKeys(scheme, WINDOWS_TERMINAL_KEYS, name(scheme.name)));
  }
  // VS Code: a colour theme's `colors`, a settings.json's customizations, or the keys themselves.
  const vscode = [root.colors, root['workbench.colorCustomizations'], root].find(
    (candidate): candidate is Json => isObject(candidate) && Object.keys(candidate).some((key) => key.startsWith('terminal.')),
  );
  if (vscode) return [fromKeys(vscode, VSCODE_KEYS, name(root.name))];
  if ('background' in root || 'foreground' in root || 'black' in root) return [fromKeys(root, WINDOWS_TERMINAL_KEYS, name(root.name))];
  throw new ImportError(
    'This JSON holds no colour scheme: expected Windows Terminal\u2019s "background", "black"\u2026 or VS Code\u2019s "terminal.ansiBlack"\u2026 keys.',
  );
};

/** The schemes in a file, by its name and content; never throws. */
export const parseSchemeFile = (fileName: string, text: string): ImportResult => {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.(itermcolors|json|jsonc)$/i, '');
  try {
    if (text.length > MAX_SCHEME_FILE_BYTES) throw new ImportError('The file is too large to be a colour scheme.');
    const trimmed = text.replace(/^\uFEFF/, '').trimStart();
    if (trimmed.startsWith('<')) return { ok: true, schemes: [parseItermColors(trimmed, base)] };
    if (/^[{[/]/.test(trimmed)) return { ok: true, schemes: parseSchemeJson(trimmed, base) };
    throw new ImportError('This is neither an iTerm2 .itermcolors file nor a Windows Terminal or VS Code JSON scheme.');
  } catch (error) {
    if (error instanceof ImportError) return { ok: false, message: error.message };
    throw error;
  }
};

const slug = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'scheme';

export type AddResult =
  | { readonly ok: true; readonly schemes: CustomScheme[]; readonly ids: readonly string[] }
  | { readonly ok: false; readonly message: string };

/**
 * The imported schemes added to the stored ones: one with a name already there replaces it (a
 * re-import of an edited file), keeping its id; at most MAX_CUSTOM_SCHEMES in all.
 */
export const addSchemes = (existing: readonly CustomScheme[], imported: readonly ImportedScheme[]): AddResult => {
  const schemes = [...existing];
  const ids: string[] = [];
  for (const scheme of imported) {
    const same = schemes.findIndex((s) => s.name === scheme.name);
    if (same >= 0) {
      schemes[same] = { ...schemes[same]!, colors: scheme.colors };
      ids.push(schemes[same]!.id);
      continue;
    }
    if (schemes.length >= MAX_CUSTOM_SCHEMES) {
      return { ok: false, message: `At most ${MAX_CUSTOM_SCHEMES} imported schemes: remove one before importing more.` };
    }
    const base = `custom-${slug(scheme.name)}`;
    let id = base;
    for (let n = 2; schemes.some((s) => s.id === id); n++) id = `${base}-${n}`;
    const entry = CustomScheme.parse({ id, name: scheme.name, colors: scheme.colors });
    schemes.push(entry);
    ids.push(id);
  }
  return { ok: true, schemes, ids };
};
