// SPDX-License-Identifier: MIT
// JetBrains Mono (SIL Open Font License 1.1), bundled so it is there offline in both hosts. Each
// file is split by script with unicode-range: the browser fetches only what a page draws.
import '@fontsource/jetbrains-mono/400.css';
import '@fontsource/jetbrains-mono/700.css';
import '@fontsource/jetbrains-mono/400-italic.css';
import '@fontsource/jetbrains-mono/700-italic.css';
import './looks.css';

const BUNDLED_FONT = 'JetBrains Mono';

const faces = (family: string, size: number): string[] =>
  ['', 'bold ', 'italic ', 'italic bold '].map((style) => `${style}${size}px ${family}`);

/**
 * Loads the faces a terminal draws with before they are measured or drawn: xterm.js measures its
 * cell once, with whatever font is there, and the WebGL renderer caches glyphs. Resolves once the
 * regular face is in (at once for system fonts), which is what the cell is measured with; bold and
 * italic are fetched after it and block nothing (their arrival refits through onFontFacesLoaded,
 * and the DOM renderer draws with them as they come). False if the family is not valid CSS.
 * `check()` is not asked first: it may say yes for a font that arrived after xterm measured, so the
 * caller measures again whenever this resolves.
 */
export const loadTerminalFont = async (family: string, size: number): Promise<boolean> => {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts) return false;
  const [regular, ...others] = faces(family, size);
  // However long it takes: the terminal is usable meanwhile (with the fallback's measure).
  return fonts.load(regular!).then(
    () => {
      for (const spec of others) void fonts.load(spec).catch(() => undefined);
      return true;
    },
    () => false,
  );
};

/** The family names in a CSS font-family list, unquoted and lower-cased. */
const familyNames = (list: string): string[] =>
  list.split(',').map((name) =>
    name
      .trim()
      .replace(/^['"]|['"]$/g, '')
      .toLowerCase(),
  );

/**
 * Calls `listener` whenever faces of one of `families` (a CSS list) finished loading: a face
 * (another weight, a unicode-range subset) can arrive after a terminal measured its cell, and no
 * resize follows to refit the grid. Returns the unsubscribe.
 */
export const onFontFacesLoaded = (families: () => string | undefined, listener: () => void): (() => void) => {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts) return () => undefined;
  const onDone = (event: FontFaceSetLoadEvent) => {
    const wanted = familyNames(families() ?? '');
    if (event.fontfaces.some((face) => wanted.includes(face.family.replace(/^['"]|['"]$/g, '').toLowerCase()))) listener();
  };
  fonts.addEventListener('loadingdone', onDone);
  return () => fonts.removeEventListener('loadingdone', onDone);
};

/** Starts loading the bundled font, so the first terminal usually opens with it already there. */
export const preloadBundledFont = (): void => void loadTerminalFont(`'${BUNDLED_FONT}'`, 13);
