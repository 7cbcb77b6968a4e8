// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { ScreenMirror } from '../pty/screen-mirror';
import { restoredScreen, restoredScreenWithMarks, safeScreen } from './restored-screen';

/** Every escape left after the drawing ones: none may remain. */
const acting = (text: string) => text.replace(/\x1b\[[0-9;:]*[mABCDX]/g, '').match(/[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f]/g) ?? [];

describe('restored screen', () => {
  it('keeps colours and cursor moves, drops titles, links, clipboard, queries, modes and the alternate screen', () => {
    const hostile =
      'a\x1b[31mred\x1b[0m\x1b]0;title\x07\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\\x1b]52;c;ZXZpbA==\x07' +
      '\x1bP$qm\x1b\\\x1b[?1000h\x1b[?2004h\x1b[?1049h\x1b_apc\x1b\\\x1b^pm\x1b\\\u009d0;c1\u009c\x1b[6n\x1b[5C\x1b[2X\x05b';
    const safe = safeScreen(hostile);
    expect(acting(safe)).toEqual([]);
    expect(safe).toBe('a\x1b[31mred\x1b[0mlink\x1b[5C\x1b[2Xb');
    expect(safe).not.toContain('\x1b[?');
  });

  it('dims everything, keeps it dim after a reset, and shows the label with its controls as pictures', () => {
    const out = restoredScreen('one\x1b[0m two\r\n\r\n  \r\n', 'restored · /tmp/\x1b]0;x\x07 · date');
    expect(out).toBe('\x1b[2mone\x1b[0m\x1b[2m two\x1b[0m\r\n\x1b[2m── restored · /tmp/␛]0;x␇ · date ──\x1b[0m\r\n');
    expect(restoredScreen('\x1b[0m \r\n', 'label')).toBe('');
  });

  it('keeps only the normal buffer of a mirror, from the start of a line: no vim rows, no modes', async () => {
    const mirror = new ScreenMirror(20, 5);
    mirror.write(`${'A'.repeat(30)}\r\nshell$ vim\r\n\x1b[?1049h\x1b[H~\r\n~\r\n\x1b[?2004h\x1b[?1000h`);
    const kept = (await mirror.snapshot(2)).data;
    expect(kept).not.toContain('~');
    expect(kept).not.toContain('\x1b[?');
    // Two lines asked for, but the first of them continues a wrapped one: it starts where that starts.
    expect(kept.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')).toMatch(/^A{30}/);
    mirror.dispose();
  });

  it('places kept gutter marks where their lines begin, ends a run that never ended, and keeps past-the-end marks on the last line', () => {
    const start = { kind: 'command-start' as const, commandId: 's:2', exitCode: null };
    const prompt = { kind: 'prompt' as const, commandId: null, exitCode: null };
    const { text, marks } = restoredScreenWithMarks('one\r\n$ two\r\n\r\n', 'label', [
      { line: 1, mark: prompt },
      { line: 2, mark: start },
    ]);
    expect(marks.map((m) => [text.slice(m.at, m.at + 5), m.mark.kind])).toEqual([
      ['$ two', 'prompt'],
      ['$ two', 'command-start'],
      ['$ two', 'command-end'],
    ]);
    expect(marks[2]!.mark).toEqual({ kind: 'command-end', commandId: 's:2', exitCode: null });
  });
});
