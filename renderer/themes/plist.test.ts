// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { parsePlist, PlistError, PLIST_LIMITS } from './plist';
import { parseSchemeFile } from './scheme-import';

const APPLE_DOCTYPE = '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">';
const plist = (body: string, head = `<?xml version="1.0" encoding="UTF-8"?>\n${APPLE_DOCTYPE}`) =>
  `${head}\n<plist version="1.0">${body}</plist>`;

/** The PlistError's message, failing the test if the text parses or throws anything else. */
const refusal = (text: string): string => {
  try {
    parsePlist(text);
  } catch (error) {
    if (error instanceof PlistError) return error.message;
    throw error;
  }
  throw new Error('expected a PlistError');
};

/** What the settings page would show for an .itermcolors file with this content. */
const shown = (text: string): string => {
  const result = parseSchemeFile('evil.itermcolors', text);
  if (result.ok) throw new Error('expected the import to fail');
  return result.message;
};

const timed = <T>(run: () => T): { value: T; ms: number } => {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
};

describe('the property list reader', () => {
  it('reads values, entities and CDATA, and skips comments', () => {
    const text = `<?xml version="1.0"?><plist><dict><!-- c --><key>a &amp; b</key><array><integer>-3</integer><real>0.5</real><false/><string><![CDATA[<x>]]> &#x41;&#66;</string></array></dict></plist>`;
    expect(parsePlist(text)).toEqual({ 'a & b': [-3, 0.5, false, '<x> AB'] });
  });

  it('keeps a key named __proto__ as a key, without touching any prototype', () => {
    const value = parsePlist(plist('<dict><key>__proto__</key><dict><key>polluted</key><true/></dict></dict>')) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('hostile XML', () => {
  it('refuses an external entity (XXE) before anything could read it', () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE plist [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n<plist version="1.0"><dict><key>Background Color</key><string>&xxe;</string></dict></plist>`;
    expect(refusal(xxe)).toMatch(/declares XML entities/);
    expect(shown(xxe)).toBe(
      'This is not a readable iTerm2 colour file: it declares XML entities, which a colour file never needs (they are not expanded).',
    );
  });

  it('refuses any DTD of its own, entities or not, and never resolves an undeclared entity', () => {
    expect(refusal(plist('<true/>', `<!DOCTYPE plist [ <!ELEMENT plist ANY> ]>`))).toMatch(/DOCTYPE declares a DTD of its own/);
    expect(refusal(plist('<true/>', `<!DOCTYPE plist SYSTEM "a>b" [ ]>`))).toMatch(/DOCTYPE declares a DTD of its own/);
    // An external DTD alone is allowed (Apple's is in every real file) but never fetched: &xxe; stays text.
    expect(parsePlist(plist('<string>&xxe;</string>', `<!DOCTYPE plist SYSTEM "file:///etc/passwd">`))).toBe('&xxe;');
  });

  it('refuses billion laughs quickly, without expanding anything', () => {
    const lols = Array.from({ length: 9 }, (_v, n) => `<!ENTITY lol${n + 1} "${`&lol${n};`.repeat(10)}">`).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE plist [ <!ENTITY lol0 "lol"> ${lols} ]>\n<plist><string>&lol9;</string></plist>`;
    const { value, ms } = timed(() => shown(bomb));
    expect(value).toMatch(/declares XML entities/);
    expect(ms).toBeLessThan(1000);
  });

  it('refuses a file over the size limit, before parsing it', () => {
    const padding = ' '.repeat(PLIST_LIMITS.chars);
    expect(refusal(plist(`<string>x</string>${padding}`))).toBe('it is larger than 1,000,000 characters');
    expect(shown(plist(`<string>x</string>${padding}`))).toBe('The file is too large to be a colour scheme.');
    expect(parsePlist(plist('<string>x</string>') + ' '.repeat(PLIST_LIMITS.chars - 200))).toBe('x');
  });

  it(`refuses nesting deeper than ${PLIST_LIMITS.depth}, and reads it up to that`, () => {
    const nested = (levels: number) => plist(`${'<array>'.repeat(levels)}${'</array>'.repeat(levels)}`, '');
    // <plist> is the first level.
    expect(() => parsePlist(nested(PLIST_LIMITS.depth - 1))).not.toThrow();
    expect(refusal(nested(PLIST_LIMITS.depth))).toBe(`it nests elements more than ${PLIST_LIMITS.depth} deep`);
    const { value, ms } = timed(() => refusal(plist('<array>'.repeat(100_000), '')));
    expect(value).toMatch(/more than 20,000 XML tags/);
    expect(ms).toBeLessThan(1000);
  });

  it('refuses a huge number of keys, and reads a large but plausible dictionary', () => {
    const dict = (keys: number) => plist(`<dict>${Array.from({ length: keys }, (_v, n) => `<key>k${n}</key><true/>`).join('')}</dict>`);
    expect(Object.keys(parsePlist(dict(6000)) as object)).toHaveLength(6000);
    const { value, ms } = timed(() => refusal(dict(7000)));
    expect(value).toBe('it has more than 20,000 XML tags');
    expect(ms).toBeLessThan(1000);
  });

  it('names what is wrong with malformed XML', () => {
    expect(refusal('<plist><dict><key>a</key></plist>')).toMatch(/^the XML is not well-formed \(Expected closing tag 'dict'.*, line 1\)$/);
    expect(refusal('<plist><true/>')).toMatch(/^the XML is not well-formed \(Unclosed tag 'plist', line 1\)$/);
    expect(refusal('<plist><string>a & b</string></plist>')).toMatch(/not well-formed \(char '&' is not expected/);
    expect(refusal('junk<plist><true/></plist>')).toMatch(/not well-formed/);
    expect(refusal('<plist><true/></plist><plist><true/></plist>')).toMatch(/not well-formed \(Multiple possible root nodes/);
    expect(refusal('<plist/><plist/>')).toBe('there must be exactly one root element');
    expect(refusal('')).toMatch(/not well-formed \(Start tag expected/);
    expect(refusal(plist('<real>1e999</real>'))).toBe('<real> is not a number');
    expect(refusal(plist('<integer></integer>'))).toBe('<integer> is not a number');
    expect(shown('<plist><dict>')).toMatch(/^This is not a readable iTerm2 colour file: the XML is not well-formed \(.*\)\.$/);
  });

  it('refuses XML that is not a property list', () => {
    expect(refusal('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>')).toBe('the root element is not <plist>');
    expect(refusal(plist('<dict/><dict/>'))).toBe('<plist> must hold exactly one value');
    expect(refusal(plist('<dict><key>a</key><color>red</color></dict>'))).toBe('<color> is not a property list element');
    expect(refusal(plist('<dict><string>a</string><true/></dict>'))).toBe('a <dict> whose keys and values do not pair up');
    expect(shown('<html><body>hi</body></html>')).toBe('This is not a readable iTerm2 colour file: the root element is not <plist>.');
  });
});
