// SPDX-License-Identifier: MIT

/**
 * Just enough XML to read an Apple property list (an iTerm2 `.itermcolors` file): elements, text,
 * entities, comments, CDATA, the XML declaration and a DOCTYPE. The same code runs in the page and
 * in the unit tests (Node has no DOMParser), and it never fetches anything a file refers to.
 */
export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

export class PlistError extends Error {}

interface XmlElement {
  readonly name: string;
  readonly children: Array<XmlElement | string>;
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity] ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

const skipPast = (text: string, from: number, end: string): number => {
  const at = text.indexOf(end, from);
  if (at < 0) throw new PlistError(`the XML ends inside a ${end === '-->' ? 'comment' : 'declaration'}`);
  return at + end.length;
};

/** The document's root element; throws PlistError for XML that is not well-formed. */
const parseXml = (text: string): XmlElement => {
  const root: XmlElement = { name: '#document', children: [] };
  const stack: XmlElement[] = [root];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('<', i);
    if (open < 0 || open > i) {
      const end = open < 0 ? text.length : open;
      const chunk = text.slice(i, end);
      if (chunk.trim()) stack[stack.length - 1]!.children.push(decode(chunk));
      i = end;
      continue;
    }
    if (text.startsWith('<!--', i)) i = skipPast(text, i + 4, '-->');
    else if (text.startsWith('<![CDATA[', i)) {
      const end = skipPast(text, i + 9, ']]>');
      stack[stack.length - 1]!.children.push(text.slice(i + 9, end - 3));
      i = end;
    } else if (text.startsWith('<?', i)) i = skipPast(text, i + 2, '?>');
    else if (text.startsWith('<!', i)) {
      // A DOCTYPE, possibly with an internal subset in brackets (never expanded).
      const bracket = text.indexOf('[', i);
      const close = text.indexOf('>', i);
      i = bracket >= 0 && bracket < close ? skipPast(text, skipPast(text, bracket, ']'), '>') : skipPast(text, i, '>');
    } else if (text.startsWith('</', i)) {
      const end = skipPast(text, i, '>');
      const name = text.slice(i + 2, end - 1).trim();
      const current = stack.pop();
      if (!current || current === root || current.name !== name) throw new PlistError(`unexpected </${name}>`);
      i = end;
    } else {
      const end = skipPast(text, i, '>');
      const inner = text.slice(i + 1, end - 1);
      const selfClosing = inner.endsWith('/');
      const name = /^[A-Za-z_][\w.:-]*/.exec(inner)?.[0];
      if (!name) throw new PlistError('a tag without a name');
      const element: XmlElement = { name, children: [] };
      stack[stack.length - 1]!.children.push(element);
      if (!selfClosing) stack.push(element);
      i = end;
    }
  }
  if (stack.length > 1) throw new PlistError(`<${stack[stack.length - 1]!.name}> is never closed`);
  const elements = root.children.filter((child): child is XmlElement => typeof child !== 'string');
  if (elements.length !== 1 || root.children.length !== 1) throw new PlistError('there must be exactly one root element');
  return elements[0]!;
};

const textOf = (element: XmlElement): string => element.children.filter((c): c is string => typeof c === 'string').join('');
const elementsOf = (element: XmlElement): XmlElement[] => element.children.filter((c): c is XmlElement => typeof c !== 'string');

const valueOf = (element: XmlElement): PlistValue => {
  switch (element.name) {
    case 'dict': {
      const entries = elementsOf(element);
      const dict: Record<string, PlistValue> = {};
      for (let k = 0; k < entries.length; k += 2) {
        const key = entries[k]!;
        const value = entries[k + 1];
        if (key.name !== 'key' || !value) throw new PlistError('a <dict> whose keys and values do not pair up');
        dict[textOf(key).trim()] = valueOf(value);
      }
      return dict;
    }
    case 'array':
      return elementsOf(element).map(valueOf);
    case 'real':
    case 'integer': {
      const value = Number(textOf(element).trim());
      if (!Number.isFinite(value)) throw new PlistError(`<${element.name}> is not a number`);
      return value;
    }
    case 'true':
      return true;
    case 'false':
      return false;
    case 'string':
    case 'date':
    case 'data':
      return textOf(element);
    default:
      throw new PlistError(`<${element.name}> is not a property list element`);
  }
};

/** The top-level value of an XML property list; throws PlistError with a short reason. */
export const parsePlist = (text: string): PlistValue => {
  const root = parseXml(text);
  if (root.name !== 'plist') throw new PlistError('the root element is not <plist>');
  const [value, ...rest] = elementsOf(root);
  if (!value || rest.length > 0) throw new PlistError('<plist> must hold exactly one value');
  return valueOf(value);
};
