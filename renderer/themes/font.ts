// SPDX-License-Identifier: MIT
// JetBrains Mono (SIL Open Font License 1.1), bundled so it is there offline in both hosts. Each
// file is split by script with unicode-range: the browser fetches only what a page draws.
import '@fontsource/jetbrains-mono/400.css';
import '@fontsource/jetbrains-mono/700.css';
import '@fontsource/jetbrains-mono/400-italic.css';
import '@fontsource/jetbrains-mono/700-italic.css';
import './looks.css';

export const BUNDLED_FONT = 'JetBrains Mono';

const faces = (family: string, size: number): string[] => ['', 'bold ', 'italic ', 'italic bold '].map((style) => `${style}${size}px ${family}`);

/**
 * Loads the faces a terminal draws with (regular, bold, italic) before they are measured or drawn:
 * xterm.js measures its cell once, with whatever font is there, and the WebGL renderer caches
 * glyphs. Resolves true when something had to load first (the terminal should measure again),
 * false when all was there already (system fonts always are) or the family is not valid CSS.
 */
export const loadTerminalFont = async (family: string, size: number): Promise<boolean> => {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts) return false;
  const specs = faces(family, size);
  try {
    if (specs.every((spec) => fonts.check(spec))) return false;
  } catch {
    return false;
  }
  // However long it takes: the terminal is usable meanwhile (with the fallback's measure).
  await Promise.all(specs.map((spec) => fonts.load(spec))).catch(() => undefined);
  return true;
};

// Started at once, so the first terminal usually opens with the font already there.
void loadTerminalFont(`'${BUNDLED_FONT}'`, 13);
