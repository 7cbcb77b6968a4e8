// SPDX-License-Identifier: MIT
import { memo, type ReactNode } from 'react';
import { openLinkAfterConfirm } from '../../terminal/terminals';
import { CodeBlock } from './code-block';
import { parseMarkdown, type Block, type Inline } from './markdown';

/**
 * Renders parsed markdown as React elements. Text only ever becomes text nodes; links are the
 * parser's vetted http(s) URLs and open through the app's external-link path, never in this window.
 */
const renderInline = (nodes: readonly Inline[]): ReactNode[] =>
  nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={i} />;
      case 'code':
        return <code key={i} className="inline-code">{node.text}</code>;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <a
            key={i}
            href={node.href}
            title={node.href}
            rel="noopener noreferrer"
            onClick={(event) => {
              event.preventDefault();
              openLinkAfterConfirm(node.href);
            }}
          >
            {renderInline(node.children)}
          </a>
        );
    }
  });

const renderBlocks = (blocks: readonly Block[], streaming: boolean): ReactNode[] =>
  blocks.map((block, i) => {
    switch (block.type) {
      case 'heading': {
        const Tag = `h${Math.min(6, block.level + 2)}` as 'h3';
        return <Tag key={i} className="md-heading">{renderInline(block.children)}</Tag>;
      }
      case 'paragraph':
        return <p key={i}>{renderInline(block.children)}</p>;
      case 'code':
        return <CodeBlock key={i} code={block.text} lang={block.lang} streaming={streaming && !block.closed} />;
      case 'rule':
        return <hr key={i} />;
      case 'quote':
        return <blockquote key={i}>{renderBlocks(block.children, streaming)}</blockquote>;
      case 'list': {
        const items = block.items.map((item, j) => (
          <li key={j}>
            {renderInline(item.children)}
            {renderBlocks(item.blocks, streaming)}
          </li>
        ));
        return block.ordered ? <ol key={i} start={block.start}>{items}</ol> : <ul key={i}>{items}</ul>;
      }
    }
  });

export const MarkdownView = memo(({ source, streaming = false }: { source: string; streaming?: boolean }) => (
  <div className="markdown">{renderBlocks(parseMarkdown(source), streaming)}</div>
));
MarkdownView.displayName = 'MarkdownView';
