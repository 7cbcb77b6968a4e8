// SPDX-License-Identifier: MIT
import { createRequire } from 'node:module';
import type * as SerializeModule from '@xterm/addon-serialize';
import type { SerializeAddon } from '@xterm/addon-serialize';
import type * as HeadlessModule from '@xterm/headless';
import type { IMarker, Terminal as HeadlessTerminal } from '@xterm/headless';
import type { TerminalMark, TerminalSnapshot } from '../../shared/ipc/pty';
import { clearedAway } from '../../shared/terminal/prompt-anchor';
import { CoalescedWrites } from '../../shared/terminal/coalesced-writes';
import { ScrolledOffTrim } from '../../shared/terminal/scrolled-off';
import { moduleUrl } from '../runtime/paths';
import type { MirrorFactory } from './mirror-protocol';

/**
 * Lines of history a re-attaching renderer gets back (its own scrollback setting may be larger).
 * Each line costs the mirror ~1.2 KB at 100 columns (xterm keeps 12 bytes a cell, blank or not),
 * held for a reload that may never come: 2,000 lines made eight terminals after a flood hold
 * ~20 MB of the server. 1,000 lines are ~30 screens; VS Code restores 100 by default, and all of
 * the output stays in the store (the commands list, search, the assistant's context).
 */
const MIRROR_SCROLLBACK = 1_000;

const PRUNE_AT = 2_000;

interface Xterm {
  readonly Terminal: typeof HeadlessTerminal;
  readonly SerializeAddon: typeof SerializeAddon;
}

let xterm: Xterm | undefined;

/**
 * Headless xterm.js is loaded with the first mirror, not with this module: the app's main thread
 * imports this file (the in-process mirrors for tests and tools) but keeps its mirrors in the
 * worker, and loading xterm there cost ~40 ms of launch and ~3 MB for nothing. `require`, because
 * a mirror is made synchronously as its pty spawns (both packages are CommonJS).
 */
const loadXterm = (): Xterm => {
  if (!xterm) {
    const require = createRequire(moduleUrl());
    xterm = {
      Terminal: (require('@xterm/headless') as typeof HeadlessModule).Terminal,
      SerializeAddon: (require('@xterm/addon-serialize') as typeof SerializeModule).SerializeAddon,
    };
  }
  return xterm;
};

interface MarkedLine {
  readonly marker: IMarker;
  readonly mark: TerminalMark;
}

/**
 * A headless xterm.js that parses every pty's output as the renderer does, so a renderer that
 * reloads or opens a second window gets the *screen* back, not the byte stream: replaying raw
 * output re-ran every terminal query it held (DA, DSR, OSC 10/11, DECRQM) and the new xterm's
 * answers reached the shell as typed junk, and a bounded byte replay could start inside vim's
 * screen. The serialized state holds text, attributes, modes and the cursor, and no queries. VS
 * Code restores terminals on reconnect the same way. The headless terminal's own answers to
 * queries are never read, so nothing it parses turns into input.
 *
 * Gutter marks ride along as markers on the lines where the shell printed them.
 */
export class ScreenMirror {
  private readonly _term: HeadlessTerminal;
  private readonly _serializer: SerializeAddon;
  private readonly _marks: MarkedLine[] = [];
  /** Output characters written so far: the stream position a snapshot stands for. */
  private _written = 0;
  /** Per batch, not per line: what a flood of short lines scrolls out of the history is never parsed. */
  private readonly _trim: ScrolledOffTrim;
  /** What a flood queues while the parser is busy goes in as one write, most of it skipped. */
  private readonly _writes: CoalescedWrites;
  private _closing = false;

  constructor(cols: number, rows: number) {
    const { Terminal, SerializeAddon } = loadXterm();
    this._term = new Terminal({ cols, rows, scrollback: MIRROR_SCROLLBACK, allowProposedApi: true });
    this._serializer = new SerializeAddon();
    // The serializer is typed against the browser build's Terminal; the headless one has the same API.
    this._term.loadAddon(this._serializer as unknown as Parameters<HeadlessTerminal['loadAddon']>[0]);
    this._trim = new ScrolledOffTrim(this._term);
    this._writes = new CoalescedWrites((data, parsed) => this._trim.write(data, MIRROR_SCROLLBACK, parsed));
  }

  /** `parsed` runs once this data is parsed (the worker acknowledges with it). */
  write(data: string, parsed?: () => void): void {
    if (this._closing) return;
    this._written += data.length;
    this._writes.write(data, parsed);
  }

  /** Places a mark on the cursor's line once everything written before it is parsed. */
  mark(mark: TerminalMark): void {
    this._writes.after(() => {
      if (mark.kind === 'command-start') this._reanchorPrompt();
      const marker = this._term.registerMarker(0);
      if (!marker) return;
      this._marks.push({ marker, mark });
      // Markers die as their lines leave the history; forget them now and then, not per line.
      if (this._marks.length > PRUNE_AT) this._prune();
    });
  }

  /**
   * Paints the screen of an earlier snapshot of this mirror, marks included, as a renderer that
   * attaches does: marks belong to the normal buffer, so under a full-screen program they wait for
   * it to exit. Not counted as written: the host keeps the stream position.
   */
  restore(snapshot: TerminalSnapshot, parsed?: () => void): void {
    this.resize(snapshot.cols, snapshot.rows);
    this._writes.write(snapshot.data);
    this._writes.after(() => {
      this._restoreMarks(snapshot.marks);
      parsed?.();
    });
  }

  resize(cols: number, rows: number): void {
    if (cols !== this._term.cols || rows !== this._term.rows) this._term.resize(cols, rows);
  }

  /**
   * The screen as of every character written before this call, with the stream position it stands
   * for (`end`): the renderer drops live output up to that position and writes the rest.
   */
  snapshot(keep?: number): Promise<TerminalSnapshot> {
    const end = this._written;
    return new Promise((resolve) => {
      this._writes.after(() => resolve(keep ? this._keepable(end, keep) : this._capture(end)));
    });
  }

  /**
   * Frees the terminal once what was asked before is answered: the host asks for the screen to
   * keep as a terminal ends and closes it at once, and that snapshot read a disposed buffer (lines
   * lost) when output was still being parsed. Anything written after is dropped.
   */
  dispose(): void {
    if (this._closing) return;
    this._closing = true;
    this._writes.after(() => this._term.dispose());
  }

  private _restoreMarks(marks: TerminalSnapshot['marks']): void {
    if (this._term.buffer.active.type === 'alternate') {
      const once = this._term.buffer.onBufferChange(() => {
        once.dispose();
        this._restoreMarks(marks);
      });
      return;
    }
    const placed = marks.flatMap(({ offset, mark }) => {
      const marker = this._term.registerMarker(offset);
      return marker ? [{ marker, mark }] : [];
    });
    // Older than any mark made since: the prompt repair looks for the last one.
    this._marks.unshift(...placed);
  }

  /** The same repair the renderer's gutter makes (see prompt-anchor.ts) after a Ctrl+L. */
  private _reanchorPrompt(): void {
    const prompt = this._marks.findLast((m) => m.mark.kind === 'prompt');
    if (!prompt || !clearedAway(prompt.marker.isDisposed ? -1 : prompt.marker.line, this._term.buffer.active.baseY)) return;
    const marker = this._term.registerMarker(-this._term.buffer.active.cursorY);
    if (marker) this._marks.push({ marker, mark: prompt.mark });
  }

  private _prune(): MarkedLine[] {
    const live = this._marks.filter((m) => !m.marker.isDisposed && m.marker.line >= 0);
    this._marks.splice(0, this._marks.length, ...live);
    return live;
  }

  /**
   * The screen kept for the next run: only the normal buffer (a full-screen program's alternate
   * screen, vim's `~` rows, means nothing once it is gone), its last `keep` lines starting at the
   * beginning of a line rather than inside a wrapped one, without modes or the final cursor move.
   * Its gutter marks come along with `offset` counting lines (CRLFs of the text) from its first,
   * so they can be placed again however wide the terminal that shows it is.
   */
  private _keepable(end: number, keep: number): TerminalSnapshot {
    const normal = this._term.buffer.normal;
    let last = normal.length - 1;
    while (last > 0 && (normal.getLine(last)?.translateToString(true) ?? '') === '') last--;
    let start = Math.max(0, last + 1 - keep);
    while (start > 0 && normal.getLine(start)?.isWrapped) start--;
    const data = this._serializer.serialize({ range: { start, end: last }, excludeAltBuffer: true, excludeModes: true });
    const marks = this._prune().flatMap(({ marker, mark }) => {
      if (marker.line < start) return [];
      // A command still running in a full-screen program was marked on the blank line below its
      // command line: it goes on the last line kept, with its prompt.
      let line = 0;
      for (let row = start + 1; row <= Math.min(marker.line, last); row++) if (!normal.getLine(row)?.isWrapped) line++;
      return [{ offset: line, mark }];
    });
    return { data, cols: this._term.cols, rows: this._term.rows, end, marks };
  }

  private _capture(end: number): TerminalSnapshot {
    const normal = this._term.buffer.normal;
    const cursorLine = normal.baseY + normal.cursorY;
    const live = this._prune();
    return {
      data: this._serializer.serialize({ scrollback: MIRROR_SCROLLBACK }),
      cols: this._term.cols,
      rows: this._term.rows,
      end,
      marks: live.map(({ marker, mark }) => ({ offset: marker.line - cursorLine, mark })),
    };
  }
}

/** In-process mirrors, for tests and tools that run no worker (the host runs them in one: mirror-host.ts). */
export const inProcessMirrors: MirrorFactory = (_id, cols, rows) => new ScreenMirror(cols, rows);
