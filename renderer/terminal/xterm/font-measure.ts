// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { loadTerminalFont } from '../../themes/font';

/**
 * Measures the cell again: xterm.js measures only when opened and when a font option changes, so
 * the size is nudged and put back, and the glyph atlas drawn with the old measure is dropped.
 */
const remeasure = (term: Terminal): void => {
  const { fontSize } = term.options;
  if (!fontSize) return;
  term.options.fontSize = fontSize + 1;
  term.options.fontSize = fontSize;
  term.clearTextureAtlas();
};

/**
 * Whether the terminal's font (its regular face, what xterm.js measures the cell with) is in, so a
 * measure taken now is the font's own and not the fallback's. A font with nothing to load (a
 * system font) is in.
 */
const fontReady = (term: Terminal): boolean => {
  const { fontFamily, fontSize } = term.options;
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts || !fontFamily || !fontSize) return false;
  try {
    return fonts.check(`${fontSize}px ${fontFamily}`);
  } catch {
    // A family list the CSS font syntax refuses: measure again whenever asked, as before.
    return false;
  }
};

/**
 * xterm.js measures its cell when opened and when the font options change, with whatever font is
 * there: a web font still loading (the bundled JetBrains Mono) would leave the grid measured with
 * the fallback. Once its files are in, `then` runs, unless the font options changed meanwhile.
 */
const whenFontLoaded = (term: Terminal, then: () => void): void => {
  const { fontFamily, fontSize } = term.options;
  if (!fontFamily || !fontSize) return;
  void loadTerminalFont(fontFamily, fontSize).then((loaded) => {
    if (!loaded || term.options.fontFamily !== fontFamily || term.options.fontSize !== fontSize) return;
    then();
  });
};

/**
 * One terminal's cell, measured with its font. Whether the last measure was the font's own, not its
 * fallback's, is kept: then the faces that load later (bold, italic, other scripts) change nothing,
 * and measuring again for each (two option changes, a new glyph atlas and a refit) is skipped. It
 * was ~20 ms each on the way to the first prompt.
 */
export class CellMeasure {
  private _withFont = false;

  /** `live`: the terminal is opened and not disposed; `refit` fits the grid to a new measure. */
  constructor(
    private readonly _term: Terminal,
    private readonly _live: () => boolean,
    private readonly _refit: () => void,
  ) {}

  /** xterm.js just measured (the terminal opened, its font changed): measured again once a web font still loading is in. */
  measured(): void {
    this._withFont = fontReady(this._term);
    whenFontLoaded(this._term, () => this.again());
  }

  /** A font face loaded: measures the cell again and refits, unless the measure was already the font's own. */
  again(): void {
    if (!this._live() || !this._term.options.fontSize || this._withFont) return;
    remeasure(this._term);
    this._withFont = fontReady(this._term);
    this._refit();
  }
}
