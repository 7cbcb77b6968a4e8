// SPDX-License-Identifier: MIT
import type { IMarker, Terminal } from '@xterm/xterm';
import type { TerminalMark } from '../../../shared/ipc/pty';
import { Disposable, toDisposable, type IDisposable } from '../../lifetime/disposable';
import { readInput } from './read-input';

/** The line being typed at a terminal's prompt, as the screen shows it. */
export interface PromptInputSnapshot {
  /** The typed line (before and after the cursor); a multi-line input's lines joined by `\n`. */
  readonly text: string;
  /** Where the cursor stands in `text`, 0 … text.length. */
  readonly cursor: number;
  /** `cursor === text.length`: the only place an inline suggestion or a menu's insertion goes on. */
  readonly atEnd: boolean;
  /**
   * False where the model cannot vouch for `text` (the alternate screen, the cursor above the
   * prompt's end, styles it cannot read): show nothing then.
   */
  readonly certain: boolean;
  /** The shell's own dim autosuggestion after the cursor (fish, zsh-autosuggestions), '' when none. */
  readonly shellSuggestion: string;
  /** Buffer line (absolute, as xterm's markers count) and column where typing starts: the B mark. */
  readonly promptRow: number;
  readonly promptCol: number;
  /** Buffer line (absolute) and column of the cursor: where ghost text or a menu is drawn. */
  readonly cursorRow: number;
  readonly cursorCol: number;
}

type Phase = 'none' | 'prompt' | 'input';

/**
 * Per terminal: what is typed at the prompt, from the shell integration's prompt-end mark (B, sent
 * by main as an `input-start` mark in stream order) to the end of the line, read off the xterm
 * buffer after every parsed write and cursor move (VS Code's PromptInputModel reads the same way).
 * No mark, no model: a private pane (never segmented), a heuristic shell, a command running, and a
 * screen restored from a snapshot give `null` until the next prompt.
 */
export class PromptInputModel extends Disposable {
  private _phase: Phase = 'none';
  private _start: { marker: IMarker; col: number } | undefined;
  private _last: PromptInputSnapshot | null = null;
  private readonly _listeners = new Set<(snapshot: PromptInputSnapshot | null) => void>();

  constructor(private readonly _term: Terminal) {
    super();
    this._register(_term.onWriteParsed(() => this._refresh()));
    this._register(_term.onCursorMove(() => this._refresh()));
    this._register(_term.buffer.onBufferChange(() => this._refresh()));
    this._register(toDisposable(() => this._forgetStart()));
  }

  /** The line being typed now, or null when no prompt is known to be waiting for input. */
  snapshot(): PromptInputSnapshot | null {
    return this._last;
  }

  /** Called with the new snapshot whenever it changes (text, cursor, certainty, place). */
  onDidChange(listener: (snapshot: PromptInputSnapshot | null) => void): IDisposable {
    this._listeners.add(listener);
    return toDisposable(() => this._listeners.delete(listener));
  }

  /** A shell-integration mark, applied once the output before it is parsed (the controller's order). */
  applyMark(mark: TerminalMark): void {
    this._term.write('', () => {
      if (this.isDisposed) return;
      this._forgetStart();
      if (mark.kind === 'input-start') {
        const buffer = this._term.buffer.active;
        const marker = buffer.type === 'normal' ? this._term.registerMarker(0) : undefined;
        this._phase = marker ? 'input' : 'none';
        if (marker) this._start = { marker, col: buffer.cursorX };
      } else {
        this._phase = mark.kind === 'prompt' ? 'prompt' : 'none';
      }
      this._refresh();
    });
  }

  /** The screen was repainted from a snapshot: its marks carry no column, so wait for the next prompt. */
  reset(): void {
    this._forgetStart();
    this._phase = 'none';
    this._refresh();
  }

  private _forgetStart(): void {
    this._start?.marker.dispose();
    this._start = undefined;
  }

  private _refresh(): void {
    const next = this._read();
    if (!sameSnapshot(next, this._last)) {
      this._last = next;
      for (const listener of [...this._listeners]) listener(next);
    }
  }

  private _read(): PromptInputSnapshot | null {
    const start = this._start;
    if (this._phase !== 'input' || !start || start.marker.isDisposed || start.marker.line < 0) return null;
    const buffer = this._term.buffer.active;
    const cursorRow = buffer.baseY + buffer.cursorY;
    const place = { promptRow: start.marker.line, promptCol: start.col, cursorRow, cursorCol: buffer.cursorX };
    // A full-screen program over the prompt (or typed into the alternate screen): not the shell's line.
    if (buffer.type !== 'normal') return { text: '', cursor: 0, atEnd: true, certain: false, shellSuggestion: '', ...place };
    const input = readInput(buffer, { line: start.marker.line, col: start.col });
    return { ...input, atEnd: input.cursor === input.text.length, ...place };
  }
}

const sameSnapshot = (a: PromptInputSnapshot | null, b: PromptInputSnapshot | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.text === b.text &&
    a.cursor === b.cursor &&
    a.certain === b.certain &&
    a.shellSuggestion === b.shellSuggestion &&
    a.promptRow === b.promptRow &&
    a.promptCol === b.promptCol &&
    a.cursorRow === b.cursorRow &&
    a.cursorCol === b.cursorCol);
