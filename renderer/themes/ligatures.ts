// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';

/**
 * Programming ligatures without @xterm/addon-ligatures. In a page that addon can only ask for the
 * Local Font Access permission (a prompt in browser mode, and it cannot see a bundled web font
 * anyway) and then falls back to exactly this: a character joiner over a fixed list of sequences,
 * so the renderer draws each as one run, plus the font's contextual alternates switched on. The
 * font itself draws the ligature (JetBrains Mono has them all in `calt`), in the DOM renderer and
 * in the WebGL one, whose glyph canvas inherits the terminal element's font features.
 */
const LIGATURE_SEQUENCES: readonly string[] = [
  // The addon's fallback list (Iosevka's `calt` set)…
  '<--',
  '<---',
  '<<-',
  '<-',
  '->',
  '->>',
  '-->',
  '--->',
  '<==',
  '<===',
  '<<=',
  '<=',
  '=>',
  '=>>',
  '==>',
  '===>',
  '>=',
  '>>=',
  '<->',
  '<-->',
  '<--->',
  '<---->',
  '<=>',
  '<==>',
  '<===>',
  '<====>',
  '::',
  ':::',
  '<~~',
  '</',
  '</>',
  '/>',
  '~~>',
  '==',
  '!=',
  '/=',
  '~=',
  '<>',
  '===',
  '!==',
  '!===',
  '<:',
  ':=',
  '*=',
  '*+',
  '<*',
  '<*>',
  '*>',
  '<|',
  '<|>',
  '|>',
  '+*',
  '=*',
  '=:',
  ':>',
  '/*',
  '*/',
  '+++',
  '<!--',
  '<!---',
  // …and common ones of JetBrains Mono's beyond it.
  '&&',
  '||',
  '??',
  '?.',
  '..',
  '...',
  '//',
  '///',
  '++',
  '--',
  '##',
  '###',
  '>>',
  '<<',
  '>>>',
  '<<<',
  '|||',
  '|=',
  '^=',
];

/** Longest first, so `===>` wins over `==`. */
const SORTED = [...new Set(LIGATURE_SEQUENCES)].sort((a, b) => b.length - a.length);

/** Where the sequences are in a run of same-styled text: [start, end) pairs, not overlapping. */
export const ligatureRanges = (text: string): [number, number][] => {
  const ranges: [number, number][] = [];
  for (let i = 0; i < text.length - 1; i++) {
    const found = SORTED.find((sequence) => text.startsWith(sequence, i));
    if (!found) continue;
    ranges.push([i, i + found.length]);
    i += found.length - 1;
  }
  return ranges;
};

/** One terminal's ligatures: on or off, applied once the terminal is open (the joiner needs that). */
export class TerminalLigatures {
  private _enabled = false;
  private _joiner: number | undefined;

  constructor(private readonly _term: Terminal) {}

  get enabled(): boolean {
    return this._enabled;
  }

  set(enabled: boolean): void {
    if (enabled === this._enabled) return;
    this._enabled = enabled;
    this.apply();
  }

  /** Brings the open terminal in line with the setting (call after `open`, and on each change). */
  apply(): void {
    const element = this._term.element;
    if (!element) return;
    // Off means off: the DOM renderer puts runs of text in one span, where a font like JetBrains
    // Mono would otherwise join `=>` by itself.
    element.style.fontVariantLigatures = this._enabled ? 'normal' : 'none';
    // On despite the DOM renderer's letter-spacing, which makes browsers drop optional ligatures.
    element.style.fontFeatureSettings = this._enabled ? '"calt" on, "liga" on' : '';
    if (this._enabled && this._joiner === undefined) this._joiner = this._term.registerCharacterJoiner(ligatureRanges);
    if (!this._enabled && this._joiner !== undefined) {
      this._term.deregisterCharacterJoiner(this._joiner);
      this._joiner = undefined;
    }
    // Glyphs the WebGL renderer cached were drawn with the other features.
    this._term.clearTextureAtlas();
  }
}
