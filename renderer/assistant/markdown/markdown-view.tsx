// SPDX-License-Identifier: MIT
import { createContext, memo, useContext, useMemo, type ComponentProps, type ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { openLinkAfterConfirm } from '../../terminal/terminals';
import type { Citation } from '../../../shared/ipc/assistant';
import { CitationContext, CiteRef, remarkCitations } from './citations';
import { CodeBlock } from './code-block';
import { fenceIsOpen, remarkHtmlAsText, urlTransform } from './markdown-safety';
import { splitStreamingBlocks } from './stream-blocks';

/**
 * Model answers as CommonMark + GFM (tables, task lists, strikethrough, autolinks) via
 * react-markdown. Safety: no rehype-raw, raw HTML is turned into text (and `skipHtml` drops any
 * that were left), every URL goes through `urlTransform` (only http/https survive), links open
 * through the app's confirmed external-link path and images are never loaded.
 */

/** The answer being rendered, so a fenced block can tell whether it is still streaming. */
const SourceContext = createContext<{ readonly source: string; readonly streaming: boolean }>({ source: '', streaming: false });

/** Minimal hast shape for reading a code element's text. */
interface HastLike {
  readonly type: string;
  readonly value?: unknown;
  readonly children?: readonly HastLike[];
}
const textOf = (node: HastLike): string => (typeof node.value === 'string' ? node.value : (node.children ?? []).map(textOf).join(''));

/** A link: vetted href (urlTransform), a click never navigates this window, the user confirms. */
export const MarkdownLink = ({ href, children }: ComponentProps<'a'> & ExtraProps) => {
  if (!href) return <span className="md-link-refused">{children}</span>;
  return (
    <a
      href={href}
      title={href}
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        openLinkAfterConfirm(href);
      }}
    >
      {children}
    </a>
  );
};

/** Images are never fetched (an image URL can carry data out): shown as a link to confirm instead. */
const MarkdownImage = ({ src, alt }: ComponentProps<'img'> & ExtraProps) => {
  const label = `image: ${alt || (typeof src === 'string' ? src : '') || 'untitled'}`;
  return typeof src === 'string' && src ? <MarkdownLink href={src}>[{label}]</MarkdownLink> : <span>[{label}]</span>;
};

/** A fenced or indented code block, with Copy and Insert into terminal. */
const FencedCode = ({ node }: ComponentProps<'pre'> & ExtraProps) => {
  const { source, streaming } = useContext(SourceContext);
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  if (!code || code.type !== 'element') return null;
  const classes = code.properties.className;
  const lang =
    (Array.isArray(classes) ? classes : []).map((c) => /^language-(.+)$/.exec(String(c))?.[1]).find((l) => l !== undefined) ?? '';
  // mdast-util-to-hast appends one newline to the block's text; the block itself has none.
  const text = textOf(code).replace(/\n$/, '');
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  const open = streaming && start !== undefined && end !== undefined && fenceIsOpen(source.slice(start, end));
  return <CodeBlock code={text} lang={lang} streaming={open} />;
};

const heading = (level: number) => {
  // Answers sit inside the pane under its own headings: # becomes h3, and so on down to h6.
  const Tag = `h${Math.min(6, level + 2)}` as 'h3';
  const Heading = ({ children }: ComponentProps<'h1'> & ExtraProps) => <Tag className="md-heading">{children}</Tag>;
  Heading.displayName = `MarkdownH${level}`;
  return Heading;
};

/** Module-level constants: stable identities, so react-markdown is not handed new options each render. */
const COMPONENTS: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  pre: FencedCode,
  code: ({ children }) => <code className="inline-code">{children}</code>,
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
  // The element remarkCitations makes for `[cmd:ID]` (a name of our own; react-markdown passes it on).
  ...({ 'cite-ref': CiteRef } as Components),
  table: ({ children }) => (
    <div className="md-table-wrap">
      <table>{children}</table>
    </div>
  ),
};
const REMARK_PLUGINS = [remarkGfm, remarkHtmlAsText, remarkCitations];

/** One parsed piece of an answer; memoized so an unchanged piece is not parsed again. */
const MarkdownBlock = memo(({ source, streaming }: { source: string; streaming: boolean }): ReactNode => {
  const context = useMemo(() => ({ source, streaming }), [source, streaming]);
  return (
    <SourceContext.Provider value={context}>
      <Markdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS} urlTransform={urlTransform} skipHtml>
        {source}
      </Markdown>
    </SourceContext.Provider>
  );
});
MarkdownBlock.displayName = 'MarkdownBlock';

/**
 * Memoized on (source, streaming): a stored message parses once and is not parsed again when the
 * pane re-renders. While streaming the answer is split into top-level blocks (stream-blocks.ts),
 * each memoized on its own text, so a delta re-parses only the block it extends.
 */
export const MarkdownView = memo(
  ({ source, streaming = false, citations }: { source: string; streaming?: boolean; citations?: readonly Citation[] }): ReactNode => {
    // A stored answer's checked citations; while streaming (or for text with none checked) null: pending.
    const known = useMemo(() => (citations ? new Map(citations.map((c) => [c.commandId, c])) : null), [citations]);
    return (
      <CitationContext.Provider value={streaming ? null : known}>
        <div className="markdown">
          {streaming ? (
            splitStreamingBlocks(source).map((block, i) => <MarkdownBlock key={i} source={block} streaming />)
          ) : (
            <MarkdownBlock source={source} streaming={false} />
          )}
        </div>
      </CitationContext.Provider>
    );
  },
);
MarkdownView.displayName = 'MarkdownView';
