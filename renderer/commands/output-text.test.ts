// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { chunksOf, countLines, lastLines, rowsFor, scrollbackFor, viewerText } from './output-text';

const seq = (n: number, newline = '\r\n') => Array.from({ length: n }, (_, i) => `${i + 1}${newline}`).join('');

describe('countLines', () => {
  it('counts what `wc -l` counts, plus a last line without a newline', () => {
    expect(countLines(seq(50_000))).toBe(50_000);
    expect(countLines(seq(3, '\n'))).toBe(3);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines('a')).toBe(1);
    expect(countLines('')).toBe(0);
    expect(countLines('\n')).toBe(1);
    expect(countLines('\n\n')).toBe(2);
  });

  it('does not count a redraw or a trailing reset as a line', () => {
    expect(countLines('10%\r50%\r100%\r\n')).toBe(1);
    expect(countLines('\x1b[31mred\x1b[0m\r\n\x1b[0m')).toBe(1);
    expect(countLines('done\r\n\x1b]133;D\x07\r')).toBe(1);
    expect(countLines('done\r\n\x1b[1mmore')).toBe(2);
  });
});

describe('viewerText', () => {
  it('drops the alternate screen, scrollback erase and full reset, and keeps colours', () => {
    expect(viewerText('\x1b[?1049hframe\x1b[?1049l\x1b[3J\x1bc\x1b[32mok\x1b[0m')).toBe('frame\x1b[32mok\x1b[0m');
    expect(viewerText('\x1b[?47h\x1b[?1047lx')).toBe('x');
  });
});

describe('rows and scrollback', () => {
  it('counts wrapped rows', () => {
    expect(rowsFor('a\n' + 'b'.repeat(250) + '\n', 100)).toBe(1 + 3 + 1);
    expect(rowsFor(seq(10), 80)).toBe(11);
  });

  it('keeps every line of a 50,000-line output, within the maximum', () => {
    expect(scrollbackFor(seq(50_000), 120, 1_000_000)).toBeGreaterThanOrEqual(50_000);
    expect(scrollbackFor(seq(50_000), 120, 10_000)).toBe(10_000);
  });
});

describe('lastLines', () => {
  it('keeps the last lines and says how many were left out', () => {
    expect(lastLines('1\n2\n3\n4\n', 2)).toEqual({ text: '3\n4\n', skipped: 2 });
    expect(lastLines('1\n2\n3', 2)).toEqual({ text: '2\n3', skipped: 1 });
    expect(lastLines('1\n2\n', 5)).toEqual({ text: '1\n2\n', skipped: 0 });
  });
});

describe('chunksOf', () => {
  it('cuts a text into pieces that join back to it, never inside a surrogate pair', () => {
    const text = 'ab😀cd😀😀e'.repeat(7);
    for (const size of [2, 3, 4, 5, 100]) {
      const chunks = chunksOf(text, size);
      expect(chunks.join('')).toBe(text);
      for (const chunk of chunks) {
        expect(chunk.length).toBeLessThanOrEqual(Math.max(2, size));
        const last = chunk.charCodeAt(chunk.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
      }
    }
    expect(chunksOf('', 10)).toEqual([]);
  });
});
