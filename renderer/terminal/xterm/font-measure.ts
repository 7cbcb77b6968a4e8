// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { loadTerminalFont } from '../../themes/font';

/**
 * Measures the cell again: xterm.js measures only when opened and when a font option changes, so
 * the size is nudged and put back, and the glyph atlas drawn with the old measure is dropped.
 */
export const remeasure = (term: Terminal): void => {
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
export const fontReady = (term: Terminal): boolean => {
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
export const whenFontLoaded = (term: Terminal, then: () => void): void => {
  const { fontFamily, fontSize } = term.options;
  if (!fontFamily || !fontSize) return;
  void loadTerminalFont(fontFamily, fontSize).then((loaded) => {
    if (!loaded || term.options.fontFamily !== fontFamily || term.options.fontSize !== fontSize) return;
    then();
  });
};
