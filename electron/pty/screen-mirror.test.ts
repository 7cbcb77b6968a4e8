// SPDX-License-Identifier: MIT
import headless from '@xterm/headless';
import { describe, expect, it, vi } from 'vitest';
import { ScreenMirror } from './screen-mirror';

/** Paints a snapshot into a fresh terminal and collects anything that terminal would send back. */
const paint = async (data: string, cols: number, rows: number) => {
  const term = new headless.Terminal({ cols, rows, allowProposedApi: true });
  const replies: string[] = [];
  term.onData((reply) => replies.push(reply));
  await new Promise<void>((resolve) => term.write(data, resolve));
  const lines: string[] = [];
  const buffer = term.buffer.active;
  for (let y = 0; y < buffer.length; y++) lines.push(buffer.getLine(y)?.translateToString(true) ?? '');
  return { replies, lines, type: buffer.type, cursor: [buffer.cursorX, buffer.cursorY] };
};

/** What vim and friends print at start: device attributes, cursor position, colour and mode queries. */
const QUERIES = '\x1b[c\x1b[>c\x1b[6n\x1b]10;?\x07\x1b]11;?\x07\x1b[?2004$p\x1b[?u';

describe('ScreenMirror', () => {
  it('gives back a screen that produces no input when painted, whatever queries the output held', async () => {
    const mirror = new ScreenMirror(40, 10);
    mirror.write(`$ vim\r\n${QUERIES}`);
    mirror.write('\x1b[?1049h\x1b[H\x1b[2Jhello from vim\x1b[?1049l$ ');
    const snapshot = await mirror.snapshot();
    expect(snapshot.data).not.toMatch(/\x1b\[[>?]?[0-9;]*[cnp]|\x1b\][0-9]+;\?/);
    const painted = await paint(snapshot.data, snapshot.cols, snapshot.rows);
    expect(painted.replies).toEqual([]);
    expect(painted.lines.slice(0, 2).map((l) => l.trimEnd())).toEqual(['$ vim', '$']);
  });

  it('restores a full-screen program open at the time, on its alternate screen with its cursor', async () => {
    const mirror = new ScreenMirror(30, 6);
    mirror.write('$ vim notes\r\n\x1b[?1049h\x1b[H\x1b[2J');
    mirror.write('line one\r\nline two\r\n~\r\n~\r\n\x1b[7m"notes" 2L\x1b[0m\x1b[2;6H');
    const snapshot = await mirror.snapshot();
    const painted = await paint(snapshot.data, snapshot.cols, snapshot.rows);
    expect(painted.type).toBe('alternate');
    expect(painted.lines.slice(0, 5)).toEqual(['line one', 'line two', '~', '~', '"notes" 2L']);
    expect(painted.cursor).toEqual([5, 1]);
  });

  it('reports the stream position it covers and the lines of its marks', async () => {
    const mirror = new ScreenMirror(20, 5);
    mirror.write('a\r\n');
    mirror.mark({ kind: 'prompt', commandId: null, exitCode: null });
    mirror.write('$ ls\r\nfile\r\n');
    mirror.mark({ kind: 'prompt', commandId: null, exitCode: null });
    mirror.write('$ ');
    const snapshot = await mirror.snapshot();
    expect(snapshot.end).toBe('a\r\n$ ls\r\nfile\r\n$ '.length);
    expect(snapshot.marks.map((m) => m.offset)).toEqual([-2, 0]);
  });

  it('moves a prompt mark that Ctrl+L cleared away to the redrawn prompt at the top', async () => {
    const mirror = new ScreenMirror(20, 5);
    mirror.write('old output\r\n');
    mirror.mark({ kind: 'prompt', commandId: null, exitCode: null });
    mirror.write('$ \x1b[H\x1b[2J$ echo hi\r\n');
    mirror.mark({ kind: 'command-start', commandId: 's:1', exitCode: null });
    const snapshot = await mirror.snapshot();
    // The cursor is on row 1 (after the command line); the redrawn prompt is on row 0.
    expect(snapshot.marks).toEqual([
      { offset: -1, mark: { kind: 'prompt', commandId: null, exitCode: null } },
      { offset: 0, mark: { kind: 'command-start', commandId: 's:1', exitCode: null } },
    ]);
  });

  it('follows resizes', async () => {
    const mirror = new ScreenMirror(20, 5);
    mirror.resize(50, 12);
    const snapshot = await mirror.snapshot();
    expect([snapshot.cols, snapshot.rows]).toEqual([50, 12]);
  });

  // Seen on a host whose terminal was killed mid-output: the worker asks for the screen to keep
  // (snapshot with `keep`) and closes the mirror at once, before the pending output was parsed.
  it('answers a snapshot asked for before it was closed with the whole screen, and parses nothing after', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const mirror = new ScreenMirror(30, 6);
      mirror.write('$ make\r\n');
      mirror.write('built 3 targets\r\n$ ');
      const kept = mirror.snapshot(100);
      mirror.dispose();
      mirror.write('after close\r\n');
      const snapshot = await kept;
      const painted = await paint(snapshot.data, snapshot.cols, snapshot.rows);
      expect(painted.lines.slice(0, 3).map((l) => l.trimEnd())).toEqual(['$ make', 'built 3 targets', '$']);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
