// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineText, insertableText, parseInline, parseMarkdown, safeHref, type Block, type Inline } from './markdown';

/** Every inline node anywhere in the tree, for invariants over whole documents. */
const inlines = (blocks: readonly Block[]): Inline[] => {
  const out: Inline[] = [];
  const walk = (nodes: readonly Inline[]) => {
    for (const node of nodes) {
      out.push(node);
      if ('children' in node) walk(node.children);
    }
  };
  for (const block of blocks) {
    if (block.type === 'heading' || block.type === 'paragraph') walk(block.children);
    if (block.type === 'quote') out.push(...inlines(block.children));
    if (block.type === 'list') {
      for (const item of block.items) {
        walk(item.children);
        out.push(...inlines(item.blocks));
      }
    }
  }
  return out;
};

const links = (source: string) => inlines(parseMarkdown(source)).filter((n) => n.type === 'link');

describe('markdown safety', () => {
  it('keeps raw HTML as text', () => {
    const blocks = parseMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> and <b>bold</b>');
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
    const text = blocks.map((b) => (b.type === 'paragraph' ? inlineText(b.children) : '')).join('\n');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('<img src=x onerror="alert(1)">');
    expect(text).toContain('<b>bold</b>');
  });

  it('never makes links from javascript:, data:, vbscript: or relative targets', () => {
    for (const target of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>x</script>', 'vbscript:x', '/etc/passwd', '//evil.example/x', 'file:///etc/passwd']) {
      expect(links(`[click](${target})`)).toEqual([]);
      expect(links(`<${target}>`)).toEqual([]);
    }
    const text = parseMarkdown('[click](javascript:alert(1))')[0]!;
    expect(text.type === 'paragraph' && inlineText(text.children)).toContain('javascript:alert(1)');
  });

  it('links http(s) targets, autolinks and bare URLs', () => {
    expect(links('[docs](https://example.com/a?b=1)')).toEqual([
      { type: 'link', href: 'https://example.com/a?b=1', children: [{ type: 'text', text: 'docs' }] },
    ]);
    expect(links('see <http://127.0.0.1:11434/v1>').map((l) => l.type === 'link' && l.href)).toEqual(['http://127.0.0.1:11434/v1']);
    expect(links('see https://ollama.com/library.').map((l) => l.type === 'link' && l.href)).toEqual(['https://ollama.com/library']);
    expect(safeHref('https://exa mple.com')).toBeUndefined();
  });

  it('treats any input as data: no throw, every link is http(s), no text lost outside markup', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (source) => {
        const blocks = parseMarkdown(source);
        for (const node of inlines(blocks)) {
          if (node.type === 'link') expect(node.href).toMatch(/^https?:\/\//);
        }
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z <>"'=/:]{0,80}$/), (plain) => {
        // No markdown syntax at all: the text comes back unchanged.
        expect(inlineText(parseInline(plain))).toBe(plain);
      }),
    );
  });
});

describe('markdown structure', () => {
  it('parses headings, emphasis, inline code and paragraphs', () => {
    const blocks = parseMarkdown('## Fix it\n\nRun **this** and *that*, not `rm -rf /`.\nNext line');
    expect(blocks[0]).toEqual({ type: 'heading', level: 2, children: [{ type: 'text', text: 'Fix it' }] });
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Run ' },
        { type: 'strong', children: [{ type: 'text', text: 'this' }] },
        { type: 'text', text: ' and ' },
        { type: 'em', children: [{ type: 'text', text: 'that' }] },
        { type: 'text', text: ', not ' },
        { type: 'code', text: 'rm -rf /' },
        { type: 'text', text: '.' },
        { type: 'break' },
        { type: 'text', text: 'Next line' },
      ],
    });
  });

  it('leaves snake_case and lone stars alone', () => {
    expect(inlineText(parseInline('my_var_name and 2 * 3 * 4'))).toBe('my_var_name and 2 * 3 * 4');
    expect(parseInline('my_var_name').every((n) => n.type === 'text')).toBe(true);
  });

  it('keeps fenced code verbatim, including markup and HTML', () => {
    const blocks = parseMarkdown('Try:\n```bash\necho "<b>**hi**</b>"\nls -la\n```\ndone');
    expect(blocks[1]).toEqual({ type: 'code', lang: 'bash', text: 'echo "<b>**hi**</b>"\nls -la', closed: true });
    expect(blocks[2]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: 'done' }] });
  });

  it('shows an unfinished fence while streaming', () => {
    expect(parseMarkdown('```sh\nnpm te')).toEqual([{ type: 'code', lang: 'sh', text: 'npm te', closed: false }]);
  });

  it('parses ordered, unordered and nested lists', () => {
    const blocks = parseMarkdown('1. first\n2. second\n   - inner `x`\n3. third\n\n- a\n- b');
    expect(blocks).toHaveLength(2);
    const [ordered, bullets] = blocks as [Extract<Block, { type: 'list' }>, Extract<Block, { type: 'list' }>];
    expect(ordered.ordered).toBe(true);
    expect(ordered.items.map((i) => inlineText(i.children))).toEqual(['first', 'second', 'third']);
    expect(ordered.items[1]!.blocks[0]).toMatchObject({ type: 'list', ordered: false });
    expect(bullets.items.map((i) => inlineText(i.children))).toEqual(['a', 'b']);
  });

  it('parses quotes and rules', () => {
    expect(parseMarkdown('> quoted *text*\n\n---').map((b) => b.type)).toEqual(['quote', 'rule']);
  });

  it('strips exactly one trailing newline for insertion', () => {
    expect(insertableText('ls -la\n')).toBe('ls -la');
    expect(insertableText('a\nb\n\n')).toBe('a\nb\n');
    expect(insertableText('make')).toBe('make');
  });
});
