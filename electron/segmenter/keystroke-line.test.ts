// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { KeystrokeLine } from './keystroke-line';

const feed = (...chunks: string[]) => {
  const line = new KeystrokeLine();
  return chunks.flatMap((chunk) => line.feed(Buffer.from(chunk, 'utf8')));
};

describe('KeystrokeLine', () => {
  it('reports Enter with the typed text', () => {
    expect(feed('ls -l\r')).toEqual([{ kind: 'enter', line: 'ls -l', certain: true }]);
  });

  it('counts CR LF as one Enter, and LF alone as Enter', () => {
    expect(feed('a\r\nb\n')).toEqual([
      { kind: 'enter', line: 'a', certain: true },
      { kind: 'enter', line: 'b', certain: true },
    ]);
  });

  it('applies backspace, DEL, Ctrl+U and Ctrl+W', () => {
    expect(feed('abc\x7f\x08d\x15git  commit\x17push\r')).toEqual([{ kind: 'enter', line: 'git  push', certain: true }]);
  });

  it('cancels on Ctrl+C', () => {
    expect(feed('oops\x03ok\r')).toEqual([{ kind: 'cancel' }, { kind: 'enter', line: 'ok', certain: true }]);
  });

  it('marks the line uncertain after cursor keys, Tab, Alt chords and readline keys', () => {
    for (const key of ['\x1b[D', '\x1bOA', '\t', '\x1bb', '\x01', '\x1b[3~']) {
      expect(feed(`ab${key}c\r`)).toEqual([{ kind: 'enter', line: 'abc', certain: false }]);
    }
  });

  it('ignores paste brackets and focus reports, even split across chunks', () => {
    expect(feed('a\x1b[20', '0~b\x1b[201~\x1b', '[Ic\r')).toEqual([{ kind: 'enter', line: 'abc', certain: true }]);
  });

  it('decodes UTF-8 split across chunks', () => {
    const euro = Buffer.from('€');
    const line = new KeystrokeLine();
    line.feed(euro.subarray(0, 1));
    expect(line.feed(Buffer.concat([euro.subarray(1), Buffer.from('\r')]))).toEqual([{ kind: 'enter', line: '€', certain: true }]);
  });

  it('stays certain again after Enter', () => {
    expect(feed('\x1b[Ax\r', 'y\r')[1]).toEqual({ kind: 'enter', line: 'y', certain: true });
  });

  it('bounds a line that never ends', () => {
    const line = new KeystrokeLine();
    line.feed(Buffer.alloc(100_000, 'a'));
    expect(line.bufferedChars).toBeLessThanOrEqual(8192);
    expect(line.feed(Buffer.from('\r'))[0]).toMatchObject({ certain: false });
  });
});
