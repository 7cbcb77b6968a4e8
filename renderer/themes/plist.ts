// SPDX-License-Identifier: MIT
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Reads an Apple XML property list (an iTerm2 `.itermcolors` file) with fast-xml-parser. The file
 * comes from anywhere, so it is bounded before any XML is read: its size, its tag count, its nesting,
 * and no DTD of its own — entities are never expanded and nothing a file refers to is ever fetched.
 * The same code runs in the page and in the unit tests (Node has no DOMParser).
 */
export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

/** Every way a property list can be refused; the message is a clause for the settings page. */
export class PlistError extends Error {}

/** Far above any real file: an .itermcolors is a few KB, ~700 tags, 4 levels deep. */
export const PLIST_LIMITS = { chars: 1_000_000, tags: 20_000, depth: 32 } as const;

/**
 * The only DOCTYPE allowed: a name and an external identifier (Apple's PUBLIC one), which is never
 * fetched. An internal subset (`[ … ]`) is where entities are declared — XXE and billion laughs.
 */
const PLAIN_DOCTYPE =
  /<!DOCTYPE\s+[A-Za-z_][\w.:-]*(?:\s+(?:PUBLIC\s+(?:"[^"]*"|'[^']*')\s+(?:"[^"]*"|'[^']*')|SYSTEM\s+(?:"[^"]*"|'[^']*')))?\s*>/y;

const refuseUnsafe = (text: string): void => {
  if (text.length > PLIST_LIMITS.chars) throw new PlistError(`it is larger than ${PLIST_LIMITS.chars.toLocaleString('en')} characters`);
  if (/<!ENTITY/i.test(text)) throw new PlistError('it declares XML entities, which a colour file never needs (they are not expanded)');
  for (const doctype of text.matchAll(/<!DOCTYPE/gi)) {
    PLAIN_DOCTYPE.lastIndex = doctype.index;
    if (!PLAIN_DOCTYPE.test(text))
      throw new PlistError('its DOCTYPE declares a DTD of its own, which a colour file never needs (it is not read)');
  }
  let tags = 0;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    if (++tags > PLIST_LIMITS.tags) throw new PlistError(`it has more than ${PLIST_LIMITS.tags.toLocaleString('en')} XML tags`);
  }
};

const parser = new XMLParser({
  // A <dict> is an ordered run of <key> and value elements: only the ordered form keeps the pairs.
  preserveOrder: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Numbers are checked below (a plist's <integer> and <real> only), text is kept as written.
  parseTagValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  // Kept only so that a comment splits the text around it, as the hand-written reader did (then dropped).
  commentPropName: '#comment',
  processEntities: false,
  htmlEntities: false,
  // The parser lets one level past its limit through (it counts the open tags before this one).
  maxNestedTags: PLIST_LIMITS.depth - 1,
});

type OrderedNode = Readonly<Record<string, unknown>>;
interface XmlElement {
  readonly name: string;
  readonly children: readonly OrderedNode[];
}

const nodesOf = (value: unknown): OrderedNode[] =>
  Array.isArray(value) ? value.filter((node): node is OrderedNode => typeof node === 'object' && node !== null) : [];

/** An element of fast-xml-parser's ordered output ({ tag: children }), or undefined for text or CDATA. */
const asElement = (node: OrderedNode): XmlElement | undefined => {
  const name = Object.keys(node).find((key) => key !== ':@');
  return name === undefined || name.startsWith('#') ? undefined : { name, children: nodesOf(node[name]) };
};

const elementsOf = (element: XmlElement): XmlElement[] => element.children.flatMap((node) => asElement(node) ?? []);

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * With entity processing off the parser leaves `&amp;` and `&#65;` as written; these are XML's own
 * (no DTD needed), so they are decoded here. Any other name stays literal text, never looked up.
 */
const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return PREDEFINED[entity] ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** Text and CDATA in order; whitespace-only text between tags is layout, not content. */
const textOf = (element: XmlElement): string =>
  element.children
    .map((node) => {
      if (typeof node['#text'] === 'string') return node['#text'].trim() ? decode(node['#text']) : '';
      return nodesOf(node['#cdata'])
        .map((inner) => String(inner['#text'] ?? ''))
        .join('');
    })
    .join('');

const valueOf = (element: XmlElement): PlistValue => {
  switch (element.name) {
    case 'dict': {
      const entries = elementsOf(element);
      // No prototype: a key named __proto__ is just a key.
      const dict = Object.create(null) as Record<string, PlistValue>;
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
      const text = textOf(element).trim();
      const value = Number(text);
      if (!text || !Number.isFinite(value)) throw new PlistError(`<${element.name}> is not a number`);
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

/** The top-level value of an XML property list; throws PlistError, and nothing else, with a short reason. */
export const parsePlist = (text: string): PlistValue => {
  refuseUnsafe(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new PlistError(`the XML is not well-formed (${valid.err.msg.replace(/\.$/, '')}, line ${valid.err.line})`);
  let nodes: OrderedNode[];
  try {
    nodes = nodesOf(parser.parse(text));
  } catch (error) {
    // The validator is more lenient than the parser in places; whatever the parser throws becomes a reason.
    const message = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
    throw new PlistError(
      /nested/i.test(message) ? `it nests elements more than ${PLIST_LIMITS.depth} deep` : `the XML is not well-formed (${message})`,
    );
  }
  const roots = nodes.flatMap((node) => asElement(node) ?? []);
  if (roots.length !== 1) throw new PlistError('there must be exactly one root element');
  const root = roots[0]!;
  if (root.name !== 'plist') throw new PlistError('the root element is not <plist>');
  const [value, ...rest] = elementsOf(root);
  if (!value || rest.length > 0) throw new PlistError('<plist> must hold exactly one value');
  return valueOf(value);
};
