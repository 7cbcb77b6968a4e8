// SPDX-License-Identifier: MIT
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { MAX_CUSTOM_SCHEMES, type CustomScheme } from '../../shared/ipc/settings';
import DRACULA from './fixtures/Dracula.itermcolors?raw';
import { addSchemes, normalizeColor, parseSchemeFile, stripJsonComments, type ImportedScheme } from './scheme-import';
import { ANSI_NAMES } from './schemes';

/** An iTerm2 colour as it exports one: component floats, a colour space, an alpha. */
const itermColor = (key: string, [r, g, b]: readonly [number, number, number]) => `
	<key>${key}</key>
	<dict>
		<key>Alpha Component</key>
		<real>1</real>
		<key>Blue Component</key>
		<real>${b / 255}</real>
		<key>Color Space</key>
		<string>sRGB</string>
		<key>Green Component</key>
		<real>${g / 255}</real>
		<key>Red Component</key>
		<real>${r / 255}</real>
	</dict>`;

/** 16 distinct colours: Ansi n is (n*10, n*10+1, n*10+2). */
const ansiRgb = (n: number) => [n * 10, n * 10 + 1, n * 10 + 2] as const;
const ansiHex = (n: number) =>
  `#${ansiRgb(n)
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;

const itermFile = (
  options: { skip?: string; extra?: string; background?: readonly [number, number, number] } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written for this test: a made-up scheme, "Test &amp; Dusk". -->
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>${Array.from({ length: 16 }, (_v, n) => (options.skip === `Ansi ${n} Color` ? '' : itermColor(`Ansi ${n} Color`, ansiRgb(n)))).join('')}
${itermColor('Background Color', options.background ?? [0x1e, 0x20, 0x30])}
${itermColor('Foreground Color', [0xe0, 0xe0, 0xd0])}
${itermColor('Cursor Color', [0xff, 0x80, 0x00])}
${itermColor('Selection Color', [0x40, 0x48, 0x60])}
${itermColor('Bold Color', [0xff, 0xff, 0xff])}
	<key>Use Bold Color</key>
	<true/>${options.extra ?? ''}
</dict>
</plist>
`;

const windowsTerminal = `// Windows Terminal scheme, with the comments and trailing commas its settings allow
{
  "name": "Harbour Night",
  "background": "#0B1021",
  "foreground": "#D0D8E8",
  "cursorColor": "#FFCC00",
  "selectionBackground": "#FFFFFF40", /* see-through */
  "black": "#000", "red": "#C33", "green": "#3C3", "yellow": "#CC3",
  "blue": "#33C", "purple": "#C3C", "cyan": "#3CC", "white": "#CCC",
  "brightBlack": "#666", "brightRed": "#F66", "brightGreen": "#6F6", "brightYellow": "#FF6",
  "brightBlue": "#66F", "brightPurple": "#F6F", "brightCyan": "#6FF", "brightWhite": "#FFF",
}`;

const vscodeAnsi = ANSI_NAMES.map((name, n) => `"terminal.ansi${name[0]!.toUpperCase()}${name.slice(1)}": "${ansiHex(n)}"`).join(',\n');

const ok = (result: ReturnType<typeof parseSchemeFile>): readonly ImportedScheme[] => {
  if (!result.ok) throw new Error(`expected a scheme, got: ${result.message}`);
  return result.schemes;
};
const failure = (result: ReturnType<typeof parseSchemeFile>): string => {
  if (result.ok) throw new Error('expected a failure');
  return result.message;
};

describe('iTerm2 .itermcolors', () => {
  it('reads the 16 colours, background, foreground, cursor and selection as #rrggbb', () => {
    const [scheme] = ok(parseSchemeFile('Test Dusk.itermcolors', itermFile()));
    expect(scheme!.name).toBe('Test Dusk');
    expect(scheme!.colors).toMatchObject({
      background: '#1e2030',
      foreground: '#e0e0d0',
      cursor: '#ff8000',
      selectionBackground: '#404860',
    });
    ANSI_NAMES.forEach((name, n) => expect(scheme!.colors[name], name).toBe(ansiHex(n)));
  });

  it('reads a real iTerm2 export: Dracula from iTerm2-Color-Schemes (see fixtures/NOTICE.md)', () => {
    const [scheme] = ok(parseSchemeFile('Dracula.itermcolors', DRACULA));
    // Expected values read from the same file with Python's plistlib, a parser independent of ours.
    expect(scheme).toEqual({
      name: 'Dracula',
      colors: {
        background: '#282a36',
        foreground: '#f8f8f2',
        cursor: '#f8f8f2',
        cursorAccent: '#282a36',
        selectionBackground: '#44475a',
        selectionForeground: '#ffffff',
        ...Object.fromEntries(
          ANSI_NAMES.map((name, n) => [
            name,
            [
              '#21222c',
              '#ff5555',
              '#50fa7b',
              '#f1fa8c',
              '#bd93f9',
              '#ff79c6',
              '#8be9fd',
              '#f8f8f2',
              '#6272a4',
              '#ff6e6e',
              '#69ff94',
              '#ffffa5',
              '#d6acff',
              '#ff92df',
              '#a4ffff',
              '#ffffff',
            ][n],
          ]),
        ),
      },
    });
  });

  it('falls back to the foreground for a missing cursor or selection, and reads (Dark) variants', () => {
    const file = itermFile()
      .replace(/<key>Cursor Color<\/key>/, '<key>Cursor Color (Dark)</key>')
      .replace(/<key>Selection Color<\/key>/, '<key>Unused Color</key>');
    const [scheme] = ok(parseSchemeFile('x.itermcolors', file));
    expect(scheme!.colors.cursor).toBe('#ff8000');
    expect(scheme!.colors.selectionBackground).toBe('#e0e0d0');
  });

  it('names what is missing or wrong', () => {
    expect(failure(parseSchemeFile('x.itermcolors', itermFile({ skip: 'Ansi 4 Color' })))).toBe('The scheme has no “Ansi 4 Color”.');
    const outOfRange = itermFile({ background: [300, 0, 0] });
    expect(failure(parseSchemeFile('x.itermcolors', outOfRange))).toMatch(/“Background Color” has no valid Red Component/);
    const notADict = itermFile({ extra: '\n\t<key>Ansi 0 Color</key>\n\t<string>black</string>' });
    expect(failure(parseSchemeFile('x.itermcolors', notADict))).toBe('“Ansi 0 Color” is not a colour.');
  });

  it('refuses XML that is not a property list, or not well-formed', () => {
    expect(failure(parseSchemeFile('x.itermcolors', '<html><body>hi</body></html>'))).toMatch(
      /not a readable iTerm2 colour file: the root element is not <plist>/,
    );
    expect(failure(parseSchemeFile('x.itermcolors', '<plist><dict><key>a</key></plist>'))).toMatch(/not a readable iTerm2 colour file/);
    expect(failure(parseSchemeFile('x.itermcolors', '<plist version="1.0"><array/></plist>'))).toMatch(/no colour dictionary/);
  });
});

describe('Windows Terminal and VS Code JSON', () => {
  it('reads a Windows Terminal scheme with comments, trailing commas, #rgb and purple for magenta', () => {
    const [scheme] = ok(parseSchemeFile('harbour.json', windowsTerminal));
    expect(scheme!.name).toBe('Harbour Night');
    expect(scheme!.colors).toMatchObject({
      background: '#0b1021',
      cursor: '#ffcc00',
      selectionBackground: '#ffffff40',
      black: '#000000',
      magenta: '#cc33cc',
      brightMagenta: '#ff66ff',
      brightWhite: '#ffffff',
    });
  });

  it('reads every scheme of a settings.json, and a bare list of schemes', () => {
    const second = windowsTerminal.replace(/^\/\/.*\n/, '').replace('Harbour Night', 'Second');
    const settings = `{ "profiles": {}, "schemes": [ ${windowsTerminal.replace(/^\/\/.*\n/, '')}, ${second}, ] }`;
    expect(ok(parseSchemeFile('settings.json', settings)).map((s) => s.name)).toEqual(['Harbour Night', 'Second']);
    expect(ok(parseSchemeFile('list.json', `[${second}]`)).map((s) => s.name)).toEqual(['Second']);
  });

  it('reads VS Code colours: at the top, in workbench.colorCustomizations, or in a theme (editor colours as the fallback)', () => {
    const flat = `{ "terminal.background": "#101010", "terminal.foreground": "#eeeeee", "terminalCursor.foreground": "#ff0000", ${vscodeAnsi} }`;
    const [top] = ok(parseSchemeFile('My Colours.json', flat));
    expect(top!.name).toBe('My Colours');
    expect(top!.colors).toMatchObject({
      background: '#101010',
      cursor: '#ff0000',
      brightCyan: ansiHex(14),
      selectionBackground: '#eeeeee',
    });

    const settings = `{ "editor.fontSize": 14, "workbench.colorCustomizations": { "terminal.background": "#202020", "terminal.foreground": "#dddddd", ${vscodeAnsi} } }`;
    expect(ok(parseSchemeFile('settings.json', settings))[0]!.colors.background).toBe('#202020');

    const theme = `{ "name": "Ember", "type": "dark", "colors": { "editor.background": "#303030", "editor.foreground": "#cccccc", "terminal.selectionBackground": "#ffffff33", ${vscodeAnsi} } }`;
    const [fromTheme] = ok(parseSchemeFile('ember-color-theme.json', theme));
    expect(fromTheme).toMatchObject({
      name: 'Ember',
      colors: { background: '#303030', foreground: '#cccccc', selectionBackground: '#ffffff33' },
    });
  });

  it('explains a bad colour, a missing one, and JSON that is no scheme', () => {
    expect(failure(parseSchemeFile('x.json', windowsTerminal.replace('"#C33"', '"banana"')))).toBe(
      '“red” is not a colour like #1e2030 (it is “banana”).',
    );
    expect(failure(parseSchemeFile('x.json', windowsTerminal.replace('"#C33"', '12')))).toBe(
      '“red” is not a colour like #1e2030 (it is a number).',
    );
    expect(failure(parseSchemeFile('x.json', windowsTerminal.replace(/"brightBlue".*\n/, '\n')))).toBe(
      'The scheme has no “brightBlue”, “brightPurple”, “brightCyan”, “brightWhite”.',
    );
    expect(failure(parseSchemeFile('x.json', '{ "editor.fontSize": 14 }'))).toMatch(/holds no colour scheme/);
    expect(failure(parseSchemeFile('x.json', '{ "name": '))).toBe('This is not readable JSON.');
    expect(failure(parseSchemeFile('x.txt', 'black=#000000'))).toMatch(/neither an iTerm2/);
  });

  it('keeps comment-like text and commas inside strings', () => {
    expect(JSON.parse(stripJsonComments('{ "a": "x // y, }", "b": [1, 2,], /* c */ }'))).toEqual({ a: 'x // y, }', b: [1, 2] });
  });

  it('normalizes colours, keeping an alpha only for the selection', () => {
    expect(normalizeColor('#ABC', 'red', 'red')).toBe('#aabbcc');
    expect(normalizeColor(' #A0B0C080 ', 'background', 'background')).toBe('#a0b0c0');
    expect(normalizeColor('#A0B0C080', 'selectionBackground', 's')).toBe('#a0b0c080');
    expect(normalizeColor('#a0b0c0ff', 'selectionBackground', 's')).toBe('#a0b0c0');
    expect(() => normalizeColor('rgb(1,2,3)', 'red', '“red”')).toThrow('“red” is not a colour like #1e2030 (it is “rgb(1,2,3)”).');
  });
});

describe('adding imported schemes', () => {
  const imported = (name: string): ImportedScheme => ({ name, colors: ok(parseSchemeFile('x.json', windowsTerminal))[0]!.colors });

  it('gives each a unique custom- id and replaces one of the same name', () => {
    const first = addSchemes([], [imported('Harbour Night'), imported('Harbour night!')]);
    expect(first.ok && first.schemes.map((s) => s.id)).toEqual(['custom-harbour-night', 'custom-harbour-night-2']);
    const changed = { ...imported('Harbour Night'), colors: { ...imported('Harbour Night').colors, background: '#000000' } };
    const again = first.ok ? addSchemes(first.schemes, [changed]) : first;
    expect(again.ok && again.ids).toEqual(['custom-harbour-night']);
    expect(again.ok && again.schemes.length).toBe(2);
    expect(again.ok && again.schemes[0]!.colors.background).toBe('#000000');
    expect(addSchemes([], [imported('Ünïcode ✓')]).ok && addSchemes([], [imported('✓✓')])).toMatchObject({ ids: ['custom-scheme'] });
  });

  it(`stops at ${MAX_CUSTOM_SCHEMES}`, () => {
    const full: CustomScheme[] = Array.from({ length: MAX_CUSTOM_SCHEMES }, (_v, i) => ({
      id: `custom-s${i}`,
      name: `S${i}`,
      colors: imported('x').colors,
    }));
    expect(addSchemes(full, [imported('One more')])).toEqual({
      ok: false,
      message: `At most ${MAX_CUSTOM_SCHEMES} imported schemes: remove one before importing more.`,
    });
    expect(addSchemes(full, [imported('S3')]).ok).toBe(true);
  });
});
