// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MarkdownView } from './markdown-view';
import { splitStreamingBlocks } from './stream-blocks';

vi.mock('../../terminal/terminals', () => ({ openLinkAfterConfirm: () => undefined, controllerFor: () => undefined }));

/** Inter-block newlines (text nodes react-markdown puts between blocks) do not render; ignore them. */
const render = (source: string, streaming: boolean) =>
  renderToStaticMarkup(createElement(MarkdownView, { source, streaming })).replace(/>\n+</g, '><');

/** Blocks a model answer is made of, including ones that span blank lines. */
const BLOCKS = [
  '## Heading',
  'A paragraph with **bold**, `code` and https://example.com/x.',
  'Two line\nparagraph',
  '- one\n- two\n\n- loose three',
  '1. first\n\n   continued under first\n2. second',
  '```sh\nls -la\n\n# blank line above\n```',
  '~~~\ncode\n~~~',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  '> quote\n>\n> more',
  '- [x] done\n- [ ] todo',
  '    indented code\n\n    more indented',
  '---',
  'Title\n===',
  '<!-- comment\n\nstill comment -->',
  '<script>\nlet a = 1;\n\nalert(a)\n</script>',
  '<div>\nhtml block\n</div>',
];

describe('splitStreamingBlocks', () => {
  it('loses nothing: the chunks concatenate to the source', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (source) => {
        expect(splitStreamingBlocks(source).join('')).toBe(source);
      }),
    );
  });

  it('splits between top-level blocks, never inside fences, lists or tables', () => {
    expect(splitStreamingBlocks('a\n\nb')).toEqual(['a\n\n', 'b']);
    expect(splitStreamingBlocks('```\nx\n\ny\n```\n\nz')).toEqual(['```\nx\n\ny\n```\n\n', 'z']);
    expect(splitStreamingBlocks('- a\n\n- b\n\n  c')).toHaveLength(1);
    expect(splitStreamingBlocks('| a |\n| - |\n\n| b |')).toHaveLength(1);
    expect(splitStreamingBlocks('```sh\nnpm te')).toEqual(['```sh\nnpm te']);
  });

  it('renders a streamed answer exactly as the finished one', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...BLOCKS), { minLength: 1, maxLength: 8 }), (blocks) => {
        const source = blocks.join('\n\n');
        expect(render(source, true)).toBe(render(source, false));
      }),
      { numRuns: 150 },
    );
  });
});
