// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fenceIsOpen, insertableText, safeHref } from './markdown-safety';
import { MarkdownLink, MarkdownView } from './markdown-view';

const opened = vi.hoisted(() => [] as string[]);
vi.mock('../../terminal/terminals', () => ({
  openLinkAfterConfirm: (url: string) => opened.push(url),
  controllerFor: () => undefined,
}));
// Server rendering reads a zustand store's initial state, so the active terminal is faked here.
const tabs = vi.hoisted(() => ({ activeId: undefined as string | undefined }));
vi.mock('../../state/workspace', () => ({
  useWorkspace: <T>(select: (state: { activeTerminalId: string | undefined }) => T): T => select({ activeTerminalId: tabs.activeId }),
}));

const render = (source: string, streaming = false) => renderToStaticMarkup(createElement(MarkdownView, { source, streaming }));
const hrefs = (html: string) => [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]);
/** An attribute inside a real tag (escaped text like `&lt;img onerror=` does not count). */
const EVENT_ATTRIBUTE = /<[^>]*\son[a-z]+\s*=/i;

describe('markdown safety', () => {
  it('keeps raw HTML as text, never as markup', () => {
    const html = render(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> and <b>bold</b>\n\nInline <iframe src="https://x.example"></iframe> here',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(EVENT_ATTRIBUTE);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('&lt;iframe');
  });

  it('never makes links from javascript:, data:, vbscript:, file: or relative targets', () => {
    for (const target of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      '/etc/passwd',
      '//evil.example/x',
      'file:///etc/passwd',
    ]) {
      for (const source of [`[click](${target})`, `<${target}>`, `[click][r]\n\n[r]: ${target}`, `![pic](${target})`]) {
        const html = render(source);
        expect(hrefs(html), source).toEqual([]);
        expect(html, source).not.toMatch(/href="\s*(javascript|data|vbscript|file):/i);
        expect(html, source).not.toContain('<script');
        expect(html, source).not.toContain('<img');
      }
    }
    expect(render('[click](javascript:alert(1))')).toContain('click');
  });

  it('links http(s) targets, autolinks and bare URLs; images become links, never <img>', () => {
    expect(hrefs(render('[docs](https://example.com/a?b=1)'))).toEqual(['https://example.com/a?b=1']);
    expect(hrefs(render('see <http://127.0.0.1:11434/v1>'))).toEqual(['http://127.0.0.1:11434/v1']);
    expect(hrefs(render('see https://ollama.com/library.'))).toEqual(['https://ollama.com/library']);
    const image = render('![chart](https://example.com/leak?data=secret)');
    expect(image).not.toContain('<img');
    expect(hrefs(image)).toEqual(['https://example.com/leak?data=secret']);
    expect(safeHref('https://exa mple.com')).toBeUndefined();
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
  });

  it('opens links only through the confirmed-link path and never navigates', () => {
    const element = MarkdownLink({ href: 'https://example.com/', children: 'x' }) as {
      props: { onClick: (e: { preventDefault(): void }) => void };
    };
    const preventDefault = vi.fn();
    element.props.onClick({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    expect(opened).toEqual(['https://example.com/']);
  });

  it('treats any input as data: no throw, no script, no event attribute, every href is http(s)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (source) => {
        const html = render(source);
        expect(html).not.toContain('<script');
        expect(html).not.toMatch(EVENT_ATTRIBUTE);
        for (const href of hrefs(html)) expect(href).toMatch(/^https?:\/\//);
      }),
      { numRuns: 300 },
    );
    const pieces = fc.constantFrom(
      '<',
      '>',
      '"',
      "'",
      '=',
      '/',
      ':',
      '[',
      ']',
      '(',
      ')',
      '!',
      '`',
      ' ',
      '\n',
      'a',
      'script',
      'img',
      'onerror',
      'javascript',
      'href',
      'src',
      'x',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const html = render(parts.join(''));
        expect(html).not.toContain('<script');
        expect(html).not.toMatch(EVENT_ATTRIBUTE);
        for (const href of hrefs(html)) expect(href).toMatch(/^https?:\/\//);
      }),
      { numRuns: 300 },
    );
  });
});

describe('markdown structure (CommonMark + GFM)', () => {
  it('renders headings (shifted under the pane), emphasis and inline code', () => {
    const html = render('## Fix it\n\nRun **this** and *that*, not `rm -rf /`.');
    expect(html).toContain('<h4 class="md-heading">Fix it</h4>');
    expect(html).toContain('<strong>this</strong>');
    expect(html).toContain('<em>that</em>');
    expect(html).toContain('<code class="inline-code">rm -rf /</code>');
  });

  it('renders a GFM table', () => {
    const html = render('| Flag | Meaning |\n| :--- | ---: |\n| `-l` | long |\n| -a | all |');
    expect(html).toContain('<table>');
    expect(html).toMatch(/<th[^>]*>Flag<\/th>/);
    expect(html).toMatch(/<td[^>]*><code class="inline-code">-l<\/code><\/td>/);
    expect(html).toMatch(/<td[^>]*>all<\/td>/);
  });

  it('renders a task list', () => {
    const html = render('- [x] build\n- [ ] test');
    expect(html).toContain('contains-task-list');
    expect(html).toMatch(/<input type="checkbox" disabled="" checked=""\/> build/);
    expect(html).toMatch(/<input type="checkbox" disabled=""\/> test/);
  });

  it('renders strikethrough', () => {
    expect(render('use ~~npm i~~ npm ci')).toContain('<del>npm i</del>');
  });

  it('renders autolinks: <…>, bare URLs and www.', () => {
    expect(hrefs(render('see https://example.com/docs and www.example.org'))).toEqual([
      'https://example.com/docs',
      'http://www.example.org/',
    ]);
  });

  it('leaves snake_case and lone stars alone', () => {
    expect(render('my_var_name and 2 * 3 * 4')).toBe('<div class="markdown"><p>my_var_name and 2 * 3 * 4</p></div>');
  });

  it('keeps fenced code verbatim with its Copy and Insert buttons', () => {
    const html = render('Try:\n```bash\necho "<b>**hi**</b>"\nls -la\n```\ndone');
    expect(html).toContain('<span class="code-lang">bash</span>');
    expect(html).toContain('<pre><code>echo &quot;&lt;b&gt;**hi**&lt;/b&gt;&quot;\nls -la</code></pre>');
    expect(html).toContain('aria-label="Copy code"');
    expect(html).toContain('aria-label="Insert into terminal"');
    expect(html).toContain('<p>done</p>');
  });

  it('shows a code block’s controls, bidi overrides and invisible characters instead of acting on them', () => {
    // Issue 38: what the user reads must be what Insert types (the input gate keeps bidi and zero-width characters).
    const html = render('```sh\necho hi\u001b[201~ \u202egnp.exe\u202c x\u200by\n```');
    expect(html).toContain('<pre><code>echo hi␛[201~ ⟨U+202E⟩gnp.exe⟨U+202C⟩ x⟨U+200B⟩y</code></pre>');
  });

  it('shows an unfinished fence while streaming', () => {
    expect(render('```sh\nnpm te', true)).toContain('<pre><code>npm te</code></pre>');
    expect(fenceIsOpen('```sh\nnpm te')).toBe(true);
    expect(fenceIsOpen('```sh')).toBe(true);
    expect(fenceIsOpen('```sh\nls\n```')).toBe(false);
    expect(fenceIsOpen('~~~~\nls\n~~~')).toBe(true);
    expect(fenceIsOpen('    indented')).toBe(false);
  });

  it('enables Insert once a streamed fence is closed, not before', () => {
    tabs.activeId = 'tab-1';
    try {
      const insertButton = (html: string) => /<button[^>]*aria-label="Insert into terminal"[^>]*>/.exec(html)![0];
      expect(insertButton(render('```sh\nnpm te', true))).toContain('disabled');
      expect(insertButton(render('```sh\nnpm test\n```\nand then', true))).not.toContain('disabled');
      expect(insertButton(render('> ```sh\n> npm test\n> ```', true))).not.toContain('disabled');
      expect(insertButton(render('```sh\nnpm te'))).not.toContain('disabled');
    } finally {
      tabs.activeId = undefined;
    }
  });

  it('renders ordered, unordered and nested lists, quotes and rules', () => {
    const html = render('1. first\n2. second\n   - inner `x`\n3. third\n\n> quoted *text*\n\n---');
    expect(html).toMatch(/<ol>\s*<li>first<\/li>/);
    expect(html).toMatch(/<li>second\s*<ul>\s*<li>inner <code class="inline-code">x<\/code><\/li>/);
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<hr/>');
  });

  it('strips exactly one trailing newline for insertion', () => {
    expect(insertableText('ls -la\n')).toBe('ls -la');
    expect(insertableText('a\nb\n\n')).toBe('a\nb\n');
    expect(insertableText('make')).toBe('make');
  });
});

describe('citations in answers', () => {
  const withCitations = (source: string, citations: { commandId: string; commandLine: string | null }[]) =>
    renderToStaticMarkup(createElement(MarkdownView, { source, citations }));

  it('links only checked records, marks the rest unverified, and leaves code alone', () => {
    const html = withCitations('See [cmd:s1:4] and [cmd:s9:9]; in code `[cmd:s1:4]` and\n\n```\n[cmd:s1:4]\n```', [
      { commandId: 's1:4', commandLine: 'make test' },
    ]);
    expect(html.match(/data-testid="answer-citation"/g)).toHaveLength(1);
    expect(html).toContain('data-command-id="s1:4"');
    expect(html).toMatch(/class="citation unverified"[^>]*>\[cmd:s9:9\]/);
    expect(html).toContain('<code class="inline-code">[cmd:s1:4]</code>');
  });

  it('shows citations as pending text while the answer streams', () => {
    const html = renderToStaticMarkup(createElement(MarkdownView, { source: 'See [cmd:s1:4]', streaming: true }));
    expect(html).not.toContain('answer-citation');
    expect(html).toContain('class="citation pending"');
  });
});
