// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { displayLine, displayText } from './display-text';

/** Anything a terminal would act on or a renderer would reorder. */
const HIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]/;

describe('displayText', () => {
  it('shows C0 controls and DEL as their pictures', () => {
    expect(displayText('a\x00b\x07c\x08d\x7fe\rf')).toBe('a␀b␇c␈d␡e␍f');
  });

  it('keeps tabs and newlines, which a multi-line command needs', () => {
    expect(displayText('for f in *\n\tdo echo $f; done')).toBe('for f in *\n\tdo echo $f; done');
  });

  it('shows an escape sequence as text instead of acting on it', () => {
    expect(displayText('\x1b[31mred\x1b[0m')).toBe('␛[31mred␛[0m');
  });

  it('shows OSC sequences with either terminator', () => {
    expect(displayText('\x1b]0;pwned\x07')).toBe('␛]0;pwned␇');
    expect(displayText('\x1b]8;;http://evil/\x1b\\link\x1b]8;;\x1b\\')).toBe('␛]8;;http://evil/␛\\link␛]8;;␛\\');
  });

  it('shows a C1 control as ESC and its 7-bit equivalent', () => {
    expect(displayText('\x9d0;pwned\x9c')).toBe('␛]0;pwned␛\\');
    expect(displayText('\x90$qm\x9c')).toBe('␛P$qm␛\\');
    expect(displayText('\x9b31m')).toBe('␛[31m');
    expect(displayText('\x80\x85\x9f')).toBe('␛@␛E␛_');
  });

  it('neutralises bidi embeddings, overrides and isolates and the Unicode line separators', () => {
    // "Trojan source": the override makes `ls -la` read as something else.
    expect(displayText('echo \u202eal- sl\u202c')).toBe('echo ⟨U+202E⟩al- sl⟨U+202C⟩');
    expect(displayText('\u2066\u2067\u2068\u2069\u202a\u202b\u202d\u2028\u2029')).toBe(
      '⟨U+2066⟩⟨U+2067⟩⟨U+2068⟩⟨U+2069⟩⟨U+202A⟩⟨U+202B⟩⟨U+202D⟩⟨U+2028⟩⟨U+2029⟩',
    );
  });

  it('leaves ordinary text alone, non-Latin scripts and emoji included', () => {
    const text = 'cd ~/проект/日本 && echo "ok 👍" | grep -E "a|b" # שלום';
    expect(displayText(text)).toBe(text);
  });

  it('leaves nothing hidden in any string of code points up to U+2FFF', () => {
    const all = Array.from({ length: 0x3000 }, (_, i) => String.fromCharCode(i)).join('');
    expect(displayText(all)).not.toMatch(HIDDEN);
    expect(displayLine(all)).not.toMatch(/[\n]|[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]/);
  });

  it('passes null and undefined through', () => {
    expect(displayText(null)).toBeNull();
    expect(displayLine(undefined)).toBeUndefined();
  });
});

describe('displayLine', () => {
  it('shows a newline as ␤ so a title or badge stays one line', () => {
    expect(displayLine('a\nb\tc\x1b]0;x\x07')).toBe('a␤b\tc␛]0;x␇');
  });
});
