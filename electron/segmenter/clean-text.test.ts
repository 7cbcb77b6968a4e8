// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanOutput, summarize } from './clean-text';
import { drawLine, renderLine } from './line-model';

describe('cleanOutput', () => {
  it.each([
    ['CRLF line ends', 'a\r\nb\r\n', 'a\nb\n'],
    ['a progress bar as its last state', 'get  10%\rget  55%\rget 100%\r\ndone\r\n', 'get 100%\ndone\n'],
    ['a bar redrawn with erase-in-line', '[###   ] 50%\r\x1b[K[######] ok\r\n', '[######] ok\n'],
    ['erase then return', 'downloading\x1b[2K\rdone', 'done'],
    ['a shorter overwrite keeps the tail, as on screen', 'abcdef\rXY\n', 'XYcdef\n'],
    ['colours', '\x1b[01;34mdir\x1b[0m  \x1b[38;5;208mfile\x1b[m\r\n', 'dir  file\n'],
    ['backspace overstrike', 'ab\bc\n', 'ac\n'],
    ['backspace past the start', '\b\bx\n', 'x\n'],
    ['OSC 8 links keep their text', 'see \x1b]8;;https://x.y/\x1b\\the docs\x1b]8;;\x1b\\.', 'see the docs.'],
    ['titles ended by BEL', '\x1b]0;user@host: ~\x07$ ls', '$ ls'],
    ['DCS and APC strings', 'a\x1bPq#0;2;0;0;0#0~~\x1b\\b\x1b_hidden\x1b\\c', 'abc'],
    ['other controls dropped, tabs kept', 'a\x07b\x00c\td\x7fe', 'abc\tde'],
    ['C1 controls dropped', 'a\u009b31mb\u0085c', 'a31mbc'],
    ['charset and keypad escapes', '\x1b(Bx\x1b=y\x1b>z', 'xyz'],
    ['cursor column moves', 'name\x1b[20Gvalue\n', 'name               value\n'],
    ['an unfinished escape at the end', 'text\x1b[3', 'text'],
    ['an unterminated OSC runs to the end', 'a\x1b]0;never ends\r\nb', 'a'],
    ['only the line that redraws goes through the line model', 'x\x1b[1my\r\n1\r2\r\nz', 'xy\n2\nz'],
  ])('%s', (_name, input, expected) => {
    expect(cleanOutput(input)).toBe(expected);
    expect(cleanOutput(Buffer.from(input, 'utf8'))).toBe(expected);
  });

  it('turns invalid UTF-8 into U+FFFD and keeps valid multibyte text', () => {
    expect(cleanOutput(Buffer.from([0x61, 0xff, 0x62, 0xe6, 0x97, 0xa5, 0x0d, 0x0a]))).toBe('a\ufffdb日\n');
  });

  it('is the same for a Buffer and its string, and never leaves an ESC or a CR', () => {
    const unit = fc.constantFrom('a', ' ', '\r', '\n', '\b', '\t', '\x1b', '[', ']', '1', ';', 'K', 'm', '\x07', '\\', 'é', '日');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 200 }), (s) => {
        const clean = cleanOutput(s);
        expect(cleanOutput(Buffer.from(s, 'utf8'))).toBe(clean);
        expect(clean).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
      }),
      { numRuns: 500 },
    );
  });

  it('copies plain text exactly (the word-at-a-time path)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\t', 'ü', '€', '😀'), maxLength: 300 }), fc.nat(3), (s, pad) => {
        // Misalign the buffer on purpose: the word loop must handle any byteOffset.
        const bytes = Buffer.concat([Buffer.alloc(pad), Buffer.from(s.replaceAll('\n', '\r\n'))]).subarray(pad);
        expect(cleanOutput(bytes)).toBe(s);
      }),
    );
  });
});

describe('renderLine', () => {
  it('tells what is left of the cursor', () => {
    expect(renderLine('$ lsx\b \b')).toEqual({ text: '$ ls', beforeCursor: '$ ls' });
    expect(renderLine('$ make\x1b[2D')).toEqual({ text: '$ make', beforeCursor: '$ ma' });
    expect(drawLine('50%\r100%')).toBe('100%');
  });
});

describe('summarize', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

  it('returns short text as it is', () => {
    expect(summarize(lines(20))).toBe(lines(20));
    expect(summarize(`${lines(3)}\n`, 1, 1)).toBe('line 1\n... (1 lines omitted) ...\nline 3');
  });

  it('keeps the first and last lines and counts the rest', () => {
    expect(summarize(`${lines(30)}\n`)).toBe(
      [...lines(10).split('\n'), '... (10 lines omitted) ...', ...lines(30).split('\n').slice(20)].join('\n'),
    );
    expect(summarize(lines(5), 2, 1)).toBe('line 1\nline 2\n... (2 lines omitted) ...\nline 5');
  });

  it('handles zero head or tail', () => {
    expect(summarize(lines(5), 0, 2)).toBe('... (3 lines omitted) ...\nline 4\nline 5');
    expect(summarize(lines(5), 2, 0)).toBe('line 1\nline 2\n... (3 lines omitted) ...');
  });

  it('agrees with a naive line split', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('', 'x', 'yy'), { maxLength: 40 }), fc.nat(6), fc.nat(6), (parts, head, tail) => {
        const text = parts.join('\n');
        const body = text.endsWith('\n') ? text.slice(0, -1) : text;
        const all = body.split('\n');
        const expected =
          all.length <= head + tail
            ? text
            : [...all.slice(0, head), `... (${all.length - head - tail} lines omitted) ...`, ...all.slice(all.length - tail)].join('\n');
        expect(summarize(text, head, tail)).toBe(expected);
      }),
    );
  });
});
