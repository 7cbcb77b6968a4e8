// SPDX-License-Identifier: MIT

/**
 * What keeps model-written markdown inert. react-markdown never renders raw HTML without
 * rehype-raw (which this app does not use); on top of that, HTML in an answer is turned into
 * plain text before rendering so it is shown, not interpreted, and every URL is vetted here.
 */

/** The URL when it is an absolute http(s) URL; anything else (javascript:, data:, file:, relative) is refused. */
export const safeHref = (raw: string): string | undefined => {
  const trimmed = raw.trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/** react-markdown's `urlTransform`: refused URLs become null, which drops the attribute entirely. */
export const urlTransform = (url: string): string | null => safeHref(url) ?? null;

/** The few mdast fields the HTML plugin touches (structural, so no dependency on mdast's types). */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Parents whose children are blocks: HTML there becomes a paragraph of text, elsewhere inline text. */
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

const htmlToText = (parent: MdNode): void => {
  if (!parent.children) return;
  parent.children = parent.children.map((child) => {
    if (child.type !== 'html') {
      htmlToText(child);
      return child;
    }
    const text: MdNode = { type: 'text', value: child.value ?? '' };
    return BLOCK_PARENTS.has(parent.type) ? { type: 'paragraph', children: [text] } : text;
  });
};

/** Remark plugin: raw HTML (`<script>`, `<img onerror>`, `<b>`) is kept as visible text, never as markup. */
export const remarkHtmlAsText = () => (tree: MdNode) => htmlToText(tree);

/** The text a code block's "insert into terminal" pastes: exactly the block, minus one trailing newline. */
export const insertableText = (code: string): string => code.replace(/\r?\n$/, '');

/**
 * Whether a fenced code block is still unfinished, given its source text (the block's slice of the
 * answer). Only meaningful while streaming: a fence without its closing line runs to the end.
 */
export const fenceIsOpen = (raw: string): boolean => {
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  const open = /^ {0,3}(`{3,}|~{3,})/.exec(lines[0] ?? '');
  if (!open) return false; // indented code has no fence to close
  if (lines.length < 2) return true;
  const marker = open[1]!;
  const close = new RegExp(`^[\\s>]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
  return !close.test(lines[lines.length - 1]!);
};
