// SPDX-License-Identifier: MIT
import type { IDecoration, IDisposable, IMarker, Terminal } from '@xterm/xterm';
import type { TerminalMark } from '../../shared/ipc/pty';
import { clearedAway } from '../../shared/terminal/prompt-anchor';
import { fixableExit, gutterFixShown, gutterMenuHandler, renderGutterGlyph } from './gutter-menu';
import { ScreenBarriers } from './xterm/screen-barriers';

interface Entry {
  readonly marker: IMarker;
  readonly decoration: IDecoration | undefined;
  commandId: string | null;
  status: 'prompt' | 'running' | 'ok' | 'failed' | 'unknown';
  exitCode: number | null;
  /** Stream order, against the screen barriers (see screen-barriers.ts). */
  readonly seq: number;
  /** The command positioned the cursor or took the alternate screen: its output is not lines to name. */
  addressed: boolean;
  /** It did so on the normal screen, which put a barrier at the viewport it drew over. */
  drewOver: boolean;
}

/** As the Commands panel: • for a command that ended without an exit status (a remote `exit`, a killed shell). */
const GLYPH = { prompt: '', running: '◌', ok: '✓', failed: '✗', unknown: '•' } as const;

// The menu registry lives apart; its old home keeps exporting it for the existing callers.
export { onGutterMenu, openCommandMenu } from './gutter-menu';

/**
 * Gutter marks at each command's prompt. Marks arrive in stream order between output writes, and
 * `term.write('', cb)` runs `cb` once everything written before it is parsed, so the cursor line at
 * that moment is the line where the shell printed the mark.
 */
export class CommandDecorations implements IDisposable {
  private readonly _entries: Entry[] = [];
  private readonly _byId = new Map<string, Entry>();
  private _pending: Entry | undefined;
  private _seq = 0;
  private readonly _barriers: ScreenBarriers;
  private readonly _listeners = new Set<() => void>();

  constructor(
    private readonly _term: Terminal,
    private readonly _onClick: (commandId: string) => void,
  ) {
    this._barriers = new ScreenBarriers(_term);
  }

  /** Called when what a sticky header would name may have changed without a scroll. */
  onChange(listener: () => void): IDisposable {
    this._listeners.add(listener);
    return { dispose: () => this._listeners.delete(listener) };
  }

  /** The running command positioned the cursor (screen-control.ts): it draws a screen, from here on. */
  noteAddressing(alternateScreen: boolean): void {
    const entry = this._pending;
    if (!entry?.commandId || entry.status !== 'running' || (entry.addressed && (alternateScreen || entry.drewOver))) return;
    entry.addressed = true;
    if (!alternateScreen) {
      entry.drewOver = true;
      this._barriers.fromViewport(this._seq++);
    }
    this._changed();
  }

  /** The screen was erased (ED 2, Ctrl+L, `clear`), the scrollback (ED 3), or everything (a reset). */
  noteClear(reset: boolean): void {
    if (reset) this._barriers.everything(this._seq++);
    else this._barriers.fromViewport(this._seq++);
    this._changed();
  }

  apply(mark: TerminalMark): void {
    this._term.write('', () => {
      if (mark.kind === 'prompt') return this._prompt();
      if (mark.kind === 'command-start' && mark.commandId) return this._start(mark.commandId);
      if (mark.kind === 'command-end' && mark.commandId) return this._end(mark.commandId, mark.exitCode);
    });
  }

  /**
   * A mark from a snapshot, placed `offset` lines from the cursor line of the painted screen.
   * Marks belong to the normal buffer: while a full-screen program has the alternate screen up
   * they wait until it exits, when the normal buffer and its cursor are back.
   */
  applyAt(mark: TerminalMark, offset: number): void {
    if (this._term.buffer.active.type === 'alternate') {
      const once = this._term.buffer.onBufferChange(() => {
        once.dispose();
        this.applyAt(mark, offset);
      });
      return;
    }
    if (mark.kind === 'prompt') return this._prompt(offset);
    if (mark.kind === 'command-start' && mark.commandId) return this._start(mark.commandId);
    if (mark.kind === 'command-end' && mark.commandId) return this._end(mark.commandId, mark.exitCode);
  }

  /** Forgets every mark (the screen is about to be repainted from a snapshot). */
  clear(): void {
    for (const entry of this._entries.splice(0)) {
      entry.decoration?.dispose();
      entry.marker.dispose();
    }
    this._byId.clear();
    this._pending = undefined;
    this._barriers.clear();
    this._changed();
  }

  /** Scrolls so the command's prompt line is visible; false when it left the scrollback. */
  reveal(commandId: string): boolean {
    const entry = this._byId.get(commandId);
    if (!entry || entry.marker.isDisposed) return false;
    this._term.scrollToLine(Math.max(0, entry.marker.line - 2));
    return true;
  }

  /** Moves to the previous (-1) or next (+1) command prompt relative to the top of the viewport. */
  jump(direction: -1 | 1): string | undefined {
    const top = this._term.buffer.active.viewportY + 2;
    const live = this._entries.filter((entry) => !entry.marker.isDisposed && entry.commandId);
    const target = direction < 0 ? live.filter((entry) => entry.marker.line < top).at(-1) : live.find((entry) => entry.marker.line > top);
    if (!target?.commandId) {
      if (direction > 0) this._term.scrollToBottom();
      return undefined;
    }
    this._term.scrollToLine(Math.max(0, target.marker.line - 2));
    return target.commandId;
  }

  /** The command whose prompt or output holds buffer line `line`: the last command mark at or above it. */
  commandAt(line: number): string | undefined {
    return this.markAbove(line)?.commandId;
  }

  /** The command mark at or above `line`, with the buffer line of its prompt (for a sticky header). */
  markAbove(line: number): { commandId: string; line: number } | undefined {
    const best = this._entryAbove(line);
    return best?.commandId ? { commandId: best.commandId, line: best.marker.line } : undefined;
  }

  /**
   * The command a sticky header names with buffer line `top` at the top of the viewport: one whose
   * prompt is above it and whose plain output is still what is there. Never a program that draws a
   * screen, nor across a clear; and at the bottom only a running command (a finished one is history
   * the user has not scrolled back to).
   */
  stickyAt(top: number, scrolledBack: boolean): string | undefined {
    const entry = this._entryAbove(top);
    if (!entry?.commandId || entry.marker.line >= top || entry.addressed) return undefined;
    if (!scrolledBack && entry.status !== 'running') return undefined;
    return this._barriers.hides(entry.seq, top) ? undefined : entry.commandId;
  }

  dispose(): void {
    this.clear();
    this._barriers.dispose();
    this._listeners.clear();
  }

  private _entryAbove(line: number): Entry | undefined {
    let best: Entry | undefined;
    for (const e of this._entries)
      if (!e.marker.isDisposed && e.marker.line <= line && (!best || e.marker.line >= best.marker.line)) best = e;
    return best;
  }

  private _changed(): void {
    for (const listener of this._listeners) listener();
  }

  private _prompt(offset = 0): void {
    // A prompt that never ran a command (empty Enter, Ctrl+C) leaves no mark behind.
    if (this._pending && !this._pending.commandId) this._drop(this._pending);
    const marker = this._term.registerMarker(offset);
    if (!marker) return;
    const decoration = this._term.registerDecoration({ marker, x: 0, width: 1, layer: 'top' });
    const entry: Entry = {
      marker,
      decoration,
      commandId: null,
      status: 'prompt',
      exitCode: null,
      seq: this._seq++,
      addressed: false,
      drewOver: false,
    };
    decoration?.onRender((element) => this._render(entry, element));
    marker.onDispose(() => decoration?.dispose());
    this._entries.push(entry);
    this._pending = entry;
  }

  private _start(commandId: string): void {
    let entry = this._pending;
    if (!entry || entry.commandId) return;
    if (clearedAway(entry.marker.isDisposed ? -1 : entry.marker.line, this._term.buffer.active.baseY)) {
      // Ctrl+L cleared the screen after the prompt mark: readline redrew the prompt at the top
      // without a new mark, and the old line is gone (or scrolled off), taking the mark with it.
      this._drop(entry);
      this._pending = undefined;
      this._prompt(-this._term.buffer.active.cursorY);
      entry = this._pending;
      if (!entry) return;
    }
    entry.commandId = commandId;
    entry.status = 'running';
    this._byId.set(commandId, entry);
    this._refresh(entry);
    this._changed();
  }

  private _end(commandId: string, exitCode: number | null): void {
    const entry = this._byId.get(commandId);
    if (!entry) return;
    entry.exitCode = exitCode;
    entry.status = exitCode === null ? 'unknown' : exitCode === 0 ? 'ok' : 'failed';
    if (this._pending === entry) this._pending = undefined;
    this._refresh(entry);
    this._changed();
  }

  private _drop(entry: Entry): void {
    entry.decoration?.dispose();
    entry.marker.dispose();
    this._entries.splice(this._entries.indexOf(entry), 1);
  }

  private _refresh(entry: Entry): void {
    const element = entry.decoration?.element;
    if (element) this._render(entry, element);
  }

  private _render(entry: Entry, element: HTMLElement): void {
    // Keep xterm's own classes (it positions `.xterm-decoration`); only ours are replaced.
    element.classList.remove('prompt', 'running', 'ok', 'failed', 'unknown');
    element.classList.add('command-gutter', entry.status);
    const fixable = entry.status === 'failed' && entry.commandId !== null && fixableExit(entry.exitCode);
    const fixFor = fixable ? (entry.commandId ?? undefined) : undefined;
    // The lightbulb only once a fix is known to exist: drawn again when the answer comes in.
    const shown = fixFor !== undefined && gutterFixShown(fixFor, () => this._refresh(entry));
    renderGutterGlyph(element, GLYPH[entry.status], shown ? fixFor : undefined);
    element.dataset.commandId = entry.commandId ?? '';
    const state =
      entry.status === 'prompt'
        ? ''
        : entry.status === 'running'
          ? 'running'
          : entry.exitCode === null
            ? 'finished'
            : `exit ${entry.exitCode}`;
    element.title = entry.commandId ? `${state}${state ? ' · ' : ''}click: attach to the assistant · right-click: actions` : state;
    element.onclick = () => entry.commandId && this._onClick(entry.commandId);
    element.oncontextmenu = (event) => {
      const gutterMenu = gutterMenuHandler();
      if (!entry.commandId || !gutterMenu) return;
      event.preventDefault();
      event.stopPropagation();
      gutterMenu(entry.commandId, { x: event.clientX, y: event.clientY }, element);
    };
  }
}
