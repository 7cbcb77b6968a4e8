// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { changeSummary, gateInsertion, insertionData, needsConfirmation, refusalOf, shownText } from './insert-text';

const ESC = '\x1b';
const START = `${ESC}[200~`;
const END = `${ESC}[201~`;

/** Every C0 and C1 control, DEL, as single characters: the 65 code points the gate speaks of. */
const CONTROLS = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)].map((code) =>
  String.fromCharCode(code),
);

/** No control but tab anywhere, and none of CR or LF. */
const inert = (data: string): boolean => !/[\x00-\x08\x0a-\x1f\x7f-\x9f]/.test(data);

/** The data typed for a single-line insertion, bracketed or not, without the gate's own markers. */
const payload = (data: string, bracketed: boolean): string => (bracketed ? data.slice(START.length, data.length - END.length) : data);

describe('the input gate', () => {
  it('counts 65 controls, keeps tab and removes the other 64 from a line, whichever sits where', () => {
    expect(CONTROLS).toHaveLength(65);
    for (const control of CONTROLS) {
      for (const text of [`${control}ls`, `l${control}s`, `ls${control}x`]) {
        const insertion = gateInsertion(text);
        if (control === '\t') {
          expect(insertion.text).toBe(text);
          expect(insertion.changed).toBe(false);
        } else if (control === '\r' || control === '\n') {
          // A line break inside the text splits it; it is never typed as such.
          expect(insertion.lines.join('')).toBe(text.replace(control, ''));
        } else {
          expect(insertion.text).toBe(text.replace(control, ''));
          expect(insertion.changed).toBe(true);
          expect(changeSummary(insertion)).toMatch(/removed 1 control character/);
        }
        for (const bracketed of [true, false]) {
          const data = insertionData(insertion, bracketed);
          if (data === undefined) continue;
          // Several lines go only bracketed, joined by LF; a CR is never typed.
          expect(data).not.toContain('\r');
          expect(inert(payload(data, bracketed).replaceAll('\n', ''))).toBe(true);
          if (!bracketed) expect(data).not.toContain('\n');
        }
      }
    }
  });

  it('names what it removed by its Control Picture, ESC as ␛ and a C1 control as ␛ and its twin', () => {
    const insertion = gateInsertion(`a${ESC}b\x07c\x9bd\x7f${ESC}`);
    expect(insertion.text).toBe('abcd');
    expect(changeSummary(insertion)).toBe('The inserted text was changed: removed 5 control characters (␛ ␇ ␛[ ␡).');
  });

  it('cannot be ended early: ESC[200~ and ESC[201~ at every position leave one bracket, the gate’s own', () => {
    const base = 'echo fix';
    for (const marker of [START, END]) {
      for (let at = 0; at <= base.length; at++) {
        const text = `${base.slice(0, at)}${marker}${base.slice(at)}`;
        const insertion = gateInsertion(text);
        expect(insertion.lines).toHaveLength(1);
        expect(insertion.changed).toBe(true);
        const data = insertionData(insertion, true)!;
        expect(data.startsWith(START) && data.endsWith(END)).toBe(true);
        expect(data.split(ESC)).toHaveLength(3);
        expect(inert(payload(data, true))).toBe(true);
        expect(inert(insertionData(insertion, false)!)).toBe(true);
      }
    }
  });

  it('turns the forged fix (ESC[201~, CR, a second command) into two lines to confirm, never a CR', () => {
    const insertion = gateInsertion(`npm test${END}\rtouch canary\r`);
    expect(insertion.lines).toEqual(['npm test[201~', 'touch canary']);
    expect(needsConfirmation(insertion)).toBe(true);
    expect(insertionData(insertion, true)).toBe(`${START}npm test[201~\ntouch canary${END}`);
    // Without bracketed paste the LF would run the first line: refused outright.
    expect(insertionData(insertion, false)).toBeUndefined();
    expect(refusalOf(insertion, false)).toMatch(/2 lines/);
    expect(changeSummary(insertion)).toMatch(/removed 1 control character \(␛\)/);
  });

  it('drops line breaks at the end, reads CR LF and a lone CR as line breaks, and a single line needs no confirmation', () => {
    expect(gateInsertion('ls -la\n')).toMatchObject({ lines: ['ls -la'], changed: false });
    expect(gateInsertion('ls -la\r\n\r\n')).toMatchObject({ lines: ['ls -la'], changed: false });
    expect(gateInsertion('a\r\nb\rc\nd').lines).toEqual(['a', 'b', 'c', 'd']);
    expect(needsConfirmation(gateInsertion('ls -la'))).toBe(false);
    expect(insertionData(gateInsertion('ls -la'), false)).toBe('ls -la');
    expect(insertionData(gateInsertion('ls -la'), true)).toBe(`${START}ls -la${END}`);
  });

  it('replaces lone surrogates, and passes text decoded from invalid UTF-8 without a control in it', () => {
    const insertion = gateInsertion('echo \ud800x \udc00 ok \ud83d\ude00');
    expect(insertion.text).toBe('echo \ufffdx \ufffd ok \ud83d\ude00');
    expect(insertion.repaired).toBe(2);
    expect(changeSummary(insertion)).toMatch(/replaced 2 broken characters/);
    // Invalid sequences (a lone continuation byte, an overlong ESC, a cut sequence) decode to U+FFFD;
    // a valid encoding of CSI (C2 9B) decodes to U+009B, a C1 control the gate removes.
    const decoded = new TextDecoder().decode(
      new Uint8Array([0x65, 0x80, 0xc0, 0x9b, 0xe0, 0x80, 0x9b, 0xc2, 0x9b, 0x32, 0x4a, 0xf0, 0x9f]),
    );
    const gated = gateInsertion(decoded);
    expect(inert(gated.text)).toBe(true);
    expect(gated.text).not.toContain('\x9b');
    expect(gated.removed.get('␛[')).toBe(1);
  });

  it('keeps a bidi override in what it types but shows it, and asks first', () => {
    const text = 'ls \u202eexe.txt\u202c # safe\u200b';
    const insertion = gateInsertion(text);
    expect(insertion.text).toBe(text);
    expect(insertion.hidden).toBe(3);
    expect(needsConfirmation(insertion)).toBe(true);
    expect(shownText(insertion.text)).toBe('ls ⟨U+202E⟩exe.txt⟨U+202C⟩ # safe⟨U+200B⟩');
    expect(shownText('tag \udb40\udc41')).toBe('tag ⟨U+E0041⟩');
  });

  it('passes a line of 10,000 characters whole, as one line', () => {
    const line = `echo ${'x'.repeat(9_995)}`;
    const insertion = gateInsertion(line);
    expect(insertion.lines).toEqual([line]);
    expect(insertionData(insertion, true)).toBe(`${START}${line}${END}`);
  });

  it('gates a 1 MB paste in linear time, runs of line breaks included', () => {
    const mb = 1 << 20;
    const chunk = `line ${ESC}[201~\r\n`;
    const big = chunk.repeat(Math.ceil(mb / chunk.length)).slice(0, mb);
    const newlines = `${'\n'.repeat(mb)}x`;
    const t0 = performance.now();
    const insertion = gateInsertion(big);
    const blank = gateInsertion(newlines);
    const ms = performance.now() - t0;
    expect(insertion.lines.length).toBeGreaterThan(60_000);
    expect(inert(insertion.lines.join(''))).toBe(true);
    expect(blank.lines).toHaveLength(mb + 1);
    // Quadratic work on 2 MB would take minutes; linear takes tens of milliseconds even on a loaded machine.
    expect(ms).toBeLessThan(5_000);
  });
});
