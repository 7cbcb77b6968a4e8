// SPDX-License-Identifier: MIT
import type { IDecoration, IDisposable, IMarker, Terminal } from '@xterm/xterm';
import type { TerminalMark } from '../../shared/ipc/pty';
import { clearedAway } from '../../shared/terminal/prompt-anchor';

interface Entry {
  readonly marker: IMarker;
  readonly decoration: IDecoration | undefined;
  commandId: string | null;
  status: 'prompt' | 'running' | 'ok' | 'failed' | 'unknown';
  exitCode: number | null;
}

/** As the Commands panel: • for a command that ended without an exit status (a remote `exit`, a killed shell). */
const GLYPH = { prompt: '', running: '◌', ok: '✓', failed: '✗', unknown: '•' } as const;

/** Opens a command's actions menu at viewport coordinates, next to the mark that asked. */
export type GutterMenuHandler = (commandId: string, at: { readonly x: number; readonly y: number }, mark: HTMLElement) => void;
let gutterMenu: GutterMenuHandler | undefined;

/**
 * What a right-click (or the context-menu key's click) on a gutter mark opens: the command's
 * actions. Installed from outside, like the click's handler, so terminal/ never imports the
 * commands UI; returns the uninstall. Without one, the mark keeps the browser's own menu.
 */
export const onGutterMenu = (handler: GutterMenuHandler): (() => void) => {
  gutterMenu = handler;
  return () => {
    if (gutterMenu === handler) gutterMenu = undefined;
  };
};

/** Opens the command actions menu a gutter mark's right-click opens (false without a handler installed). */
export const openCommandMenu = (commandId: string, at: { readonly x: number; readonly y: number }, opener: HTMLElement): boolean => {
  if (!gutterMenu) return false;
  gutterMenu(commandId, at, opener);
  return true;
};

/**
 * Gutter marks at each command's prompt. Marks arrive in stream order between output writes, and
 * `term.write('', cb)` runs `cb` once everything written before it is parsed, so the cursor line at
 * that moment is the line where the shell printed the mark.
 */
export class CommandDecorations implements IDisposable {
  private readonly _entries: Entry[] = [];
  private readonly _byId = new Map<string, Entry>();
  private _pending: Entry | undefined;

  constructor(
    private readonly _term: Terminal,
    private readonly _onClick: (commandId: string) => void,
  ) {}

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
    const target =
      direction < 0
        ? live.filter((entry) => entry.marker.line < top).at(-1)
        : live.find((entry) => entry.marker.line > top);
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
    let best: Entry | undefined;
    for (const e of this._entries) if (!e.marker.isDisposed && e.marker.line <= line && (!best || e.marker.line >= best.marker.line)) best = e;
    return best?.commandId ? { commandId: best.commandId, line: best.marker.line } : undefined;
  }

  dispose(): void {
    this.clear();
  }

  private _prompt(offset = 0): void {
    // A prompt that never ran a command (empty Enter, Ctrl+C) leaves no mark behind.
    if (this._pending && !this._pending.commandId) this._drop(this._pending);
    const marker = this._term.registerMarker(offset);
    if (!marker) return;
    const decoration = this._term.registerDecoration({ marker, x: 0, width: 1, layer: 'top' });
    const entry: Entry = { marker, decoration, commandId: null, status: 'prompt', exitCode: null };
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
  }

  private _end(commandId: string, exitCode: number | null): void {
    const entry = this._byId.get(commandId);
    if (!entry) return;
    entry.exitCode = exitCode;
    entry.status = exitCode === null ? 'unknown' : exitCode === 0 ? 'ok' : 'failed';
    if (this._pending === entry) this._pending = undefined;
    this._refresh(entry);
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
    element.textContent = GLYPH[entry.status];
    element.dataset.commandId = entry.commandId ?? '';
    const state =
      entry.status === 'prompt' ? '' : entry.status === 'running' ? 'running' : entry.exitCode === null ? 'finished' : `exit ${entry.exitCode}`;
    element.title = entry.commandId ? `${state}${state ? ' · ' : ''}click: attach to the assistant · right-click: actions` : state;
    element.onclick = () => entry.commandId && this._onClick(entry.commandId);
    element.oncontextmenu = (event) => {
      if (!entry.commandId || !gutterMenu) return;
      event.preventDefault();
      event.stopPropagation();
      gutterMenu(entry.commandId, { x: event.clientX, y: event.clientY }, element);
    };
  }
}
