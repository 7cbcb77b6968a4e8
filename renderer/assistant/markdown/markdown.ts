// SPDX-License-Identifier: MIT

/**
 * A small markdown parser for model answers. It produces a plain tree that a React view turns into
 * elements, so nothing a model writes is ever interpreted as HTML: raw tags stay text, and only
 * http(s) URLs become links. It covers what chat answers use (headings, emphasis, inline code,
 * fenced code, lists, quotes, rules, links) and tolerates unfinished input, since it runs on every
 * streamed delta.
 */
export type Inline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'strong'; readonly children: readonly Inline[] }
  | { readonly type: 'em'; readonly children: readonly Inline[] }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly Inline[] }
  | { readonly type: 'break' };

export interface ListItem {
  readonly children: readonly Inline[];
  /** Nested content (sub-lists, further paragraphs) indented under the item. */
  readonly blocks: readonly Block[];
}

export type Block =
  | { readonly type: 'heading'; readonly level: number; readonly children: readonly Inline[] }
  | { readonly type: 'paragraph'; readonly children: readonly Inline[] }
  /** `closed` is false while a fence is still streaming. */
  | { readonly type: 'code'; readonly lang: string; readonly text: string; readonly closed: boolean }
  | { readonly type: 'list'; readonly ordered: boolean; readonly start: number; readonly items: readonly ListItem[] }
  | { readonly type: 'quote'; readonly children: readonly Block[] }
  | { readonly type: 'rule' };

/** The link target when it is an absolute http(s) URL; anything else (javascript:, data:, relative) is refused. */
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

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const QUOTE = /^ {0,3}> ?(.*)$/;

const isBlank = (line: string) => line.trim() === '';
const indentOf = (line: string) => /^ */.exec(line)![0].length;

/** True when `line` starts a block other than a paragraph, which ends a running paragraph. */
const startsBlock = (line: string): boolean =>
  FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line);

export const parseMarkdown = (source: string): Block[] => parseLines(source.replace(/\r\n?/g, '\n').split('\n'));

const parseLines = (lines: readonly string[]): Block[] => {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
      const body: string[] = [];
      i++;
      while (i < lines.length && !close.test(lines[i]!)) body.push(lines[i++]!);
      const closed = i < lines.length;
      if (closed) i++;
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n'), closed });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length, children: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) inner.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ type: 'quote', children: parseLines(inner) });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      i = parseList(lines, i, blocks);
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && !isBlank(lines[i]!) && (paragraph.length === 0 || !startsBlock(lines[i]!))) {
      paragraph.push(lines[i++]!.trim());
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
};

/** Parses consecutive items of one list starting at `start`; returns the index after it. */
const parseList = (lines: readonly string[], start: number, out: Block[]): number => {
  const first = LIST_ITEM.exec(lines[start]!)!;
  const base = first[1]!.length;
  const ordered = /\d/.test(first[2]![0]!);
  const items: ListItem[] = [];
  let i = start;
  while (i < lines.length) {
    const match = LIST_ITEM.exec(lines[i]!);
    if (!match || match[1]!.length !== base || /\d/.test(match[2]![0]!) !== ordered) break;
    const contentIndent = base + match[2]!.length + 1;
    const text = [match[3] ?? ''];
    const nested: string[] = [];
    i++;
    // Lazy continuation lines join the item's text until something indented (a sub-block) appears.
    while (i < lines.length && !isBlank(lines[i]!) && nested.length === 0 && indentOf(lines[i]!) > base && !LIST_ITEM.test(lines[i]!)) {
      text.push(lines[i++]!.trim());
    }
    while (i < lines.length) {
      const next = lines[i]!;
      if (isBlank(next)) {
        const following = lines.slice(i + 1).find((l) => !isBlank(l));
        if (following === undefined || indentOf(following) <= base) break;
        nested.push('');
        i++;
        continue;
      }
      if (indentOf(next) <= base) break;
      nested.push(next.slice(Math.min(indentOf(next), contentIndent)));
      i++;
    }
    items.push({ children: parseInline(text.join('\n')), blocks: parseLines(nested) });
    // A blank line between items keeps the list going; anything else ends it.
    if (i < lines.length && isBlank(lines[i]!)) {
      const j = lines.findIndex((l, k) => k > i && !isBlank(l));
      const again = j === -1 ? undefined : LIST_ITEM.exec(lines[j]!);
      if (!again || again[1]!.length !== base) break;
      i = j;
    }
  }
  out.push({ type: 'list', ordered, start: ordered ? Number.parseInt(first[2]!, 10) : 1, items });
  return i;
};

const LINK = /^\[((?:[^[\]\\]|\\.){0,1000})\]\(\s*<?([^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)>?(?:\s+"[^"]*")?\s*\)/;
const AUTOLINK = /^<(https?:\/\/[^\s<>]+)>/i;
const BARE_URL = /^https?:\/\/[^\s<>"'`]*[^\s<>"'`.,;:!?)\]}]/i;
const ESCAPABLE = /^\\([\\`*_{}[\]()#+\-.!<>~|])/;

/** Parses inline markup; every character of `text` ends up in a node (nothing is dropped or executed). */
export const parseInline = (text: string): Inline[] => {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const ch = text[i]!;
    const escaped = ch === '\\' ? ESCAPABLE.exec(rest) : null;
    if (escaped) {
      plain += escaped[1];
      i += 2;
      continue;
    }
    if (ch === '\n') {
      flush();
      out.push({ type: 'break' });
      i++;
      continue;
    }
    if (ch === '`') {
      const run = /^`+/.exec(rest)![0];
      const end = text.indexOf(run, i + run.length);
      if (end !== -1 && text[end + run.length] !== '`') {
        flush();
        let code = text.slice(i + run.length, end).replace(/\n/g, ' ');
        if (/^ .*[^ ].* $/.test(code)) code = code.slice(1, -1);
        out.push({ type: 'code', text: code });
        i = end + run.length;
        continue;
      }
      plain += run;
      i += run.length;
      continue;
    }
    if (ch === '*' || ch === '_') {
      const emphasis = parseEmphasis(text, i);
      if (emphasis) {
        flush();
        out.push(emphasis.node);
        i = emphasis.end;
        continue;
      }
    }
    if (ch === '[') {
      const link = LINK.exec(rest);
      const href = link ? safeHref(link[2]!) : undefined;
      if (link && href) {
        flush();
        out.push({ type: 'link', href, children: parseInline(link[1]!) });
        i += link[0].length;
        continue;
      }
    }
    if (ch === '<') {
      const auto = AUTOLINK.exec(rest);
      const href = auto ? safeHref(auto[1]!) : undefined;
      if (auto && href) {
        flush();
        out.push({ type: 'link', href, children: [{ type: 'text', text: auto[1]! }] });
        i += auto[0].length;
        continue;
      }
    }
    if ((ch === 'h' || ch === 'H') && (i === 0 || /[\s(]/.test(text[i - 1]!))) {
      const bare = BARE_URL.exec(rest);
      const href = bare ? safeHref(bare[0]) : undefined;
      if (bare && href) {
        flush();
        out.push({ type: 'link', href, children: [{ type: 'text', text: bare[0] }] });
        i += bare[0].length;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
};

/** `**strong**`, `__strong__`, `*em*`, `_em_`; underscores only at word boundaries, so snake_case stays text. */
const parseEmphasis = (text: string, i: number): { node: Inline; end: number } | undefined => {
  const ch = text[i]!;
  const double = text[i + 1] === ch;
  const marker = double ? ch + ch : ch;
  const open = i + marker.length;
  if (open >= text.length || /\s/.test(text[open]!)) return undefined;
  if (ch === '_' && i > 0 && /\w/.test(text[i - 1]!)) return undefined;
  let search = open;
  while (search < text.length) {
    const close = text.indexOf(marker, search);
    if (close === -1 || close === open) return undefined;
    const afterClose = text[close + marker.length];
    const ok =
      !/\s/.test(text[close - 1]!) &&
      // `**a**b` closes, `*a**` does not close a single `*` on its double neighbour.
      (double || text[close + 1] !== ch) &&
      (ch !== '_' || afterClose === undefined || !/\w/.test(afterClose));
    if (ok) {
      const inner = parseInline(text.slice(open, close));
      return { node: double ? { type: 'strong', children: inner } : { type: 'em', children: inner }, end: close + marker.length };
    }
    search = close + marker.length;
  }
  return undefined;
};

/** The text a code block's "insert into terminal" pastes: exactly the block, minus one trailing newline. */
export const insertableText = (code: string): string => code.replace(/\r?\n$/, '');

/** Plain text of inline nodes (for titles, labels and tests). */
export const inlineText = (nodes: readonly Inline[]): string =>
  nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'code') return node.text;
      if (node.type === 'break') return '\n';
      return inlineText(node.children);
    })
    .join('');
