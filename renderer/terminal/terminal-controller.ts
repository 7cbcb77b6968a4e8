// SPDX-License-Identifier: MIT
import type { FitAddon } from '@xterm/addon-fit';
import { WebLinksAddon } from '@xterm/addon-web-links';
import type { IDisposable, ITheme, Terminal } from '@xterm/xterm';
import type { Api } from '../../shared/ipc';
import type { TerminalMark, TerminalSnapshot } from '../../shared/ipc/pty';
import { Disposable, toDisposable } from '../lifetime/disposable';
import { onFontFacesLoaded } from '../themes/font';
import { TerminalLigatures } from '../themes/ligatures';
import { CommandDecorations } from './command-decorations';
import { useFontZoom, zoomedSize } from './font-zoom';
import { insertText, xtermInsertTarget, type InsertOptions, type InsertResult } from './insert/insert-into';
import { routePasteAndDrop } from './insert/paste-drop';
import { hyperlinkHandler, linkModifierHeld, webLinkActivate } from './link-routing';
import { ModifierLinksAddon } from './modifier-links';
import { PromptInputModel } from './prompt-input/prompt-input-model';
import { createXterm } from './xterm/create-xterm';
import { CellMeasure } from './xterm/font-measure';
import { loadWebgl } from './xterm/renderer-choice';
import { watchScreenControl } from './xterm/screen-control';
import { TerminalOutput } from './xterm/terminal-output';
import { TERMINAL_DEFAULTS, type LiveTerminalOptions } from './xterm/terminal-options';
import { UserInputClock } from './xterm/user-input';

export interface TerminalControllerOptions {
  readonly id: string;
  readonly api: Api;
  /** Opens a link whose text is its URL (found in the output by the web-links addon). */
  readonly openLink: (url: string) => void;
  /** Opens an OSC 8 hyperlink, whose target is hidden behind its text: after a confirmation. */
  readonly openHyperlink: (url: string) => void;
  readonly onTitle: (title: string) => void;
  readonly onCommandClick: (commandId: string) => void;
  readonly fontFamily?: string;
  readonly fontSize?: number;
  readonly scrollback?: number;
  readonly theme?: ITheme;
  /** What else lives as long as this terminal (its inline suggestion): started once the controller exists. */
  readonly attach?: (controller: TerminalController) => IDisposable;
}

/**
 * Owns one xterm.js instance and its addons for the lifetime of a tab, outside React: components
 * only lend it a container. Output is acknowledged to the pty after xterm has parsed it, which is
 * what makes flow control track the real consumer speed.
 */
export class TerminalController extends Disposable {
  readonly id: string;
  readonly term: Terminal;
  /** What is typed at the prompt (suggestions and the completion menu read it). */
  readonly promptInput: PromptInputModel;
  private readonly _decorations: CommandDecorations;
  private readonly _ligatures: TerminalLigatures;
  /** The pty's output into `term`: joined, trimmed of what scrolled off, acknowledged once parsed. */
  private readonly _output: TerminalOutput;
  private readonly _fit: FitAddon;
  private readonly _api: Api;
  private readonly _userInput = new UserInputClock();
  private _opened = false;
  /** The cell, measured again once the font itself is in (xterm/font-measure.ts). */
  private readonly _cell: CellMeasure;
  private _lastSize = { cols: 0, rows: 0 };
  private _copyOnSelect = false;
  private readonly _onCommandClick: (commandId: string) => void;
  /** Settings → Terminal → Font size; what is shown is this moved by the font zoom (Ctrl+=). */
  private _baseFontSize: number;
  private _container: HTMLElement | undefined;
  /** True while a snapshot is painted: nothing xterm says meanwhile goes to the pty. */
  private _restoring = false;

  constructor(options: TerminalControllerOptions) {
    super();
    this.id = options.id;
    this._api = options.api;
    this._onCommandClick = options.onCommandClick;
    this._baseFontSize = options.fontSize ?? TERMINAL_DEFAULTS.fontSize;
    const { term, fit } = createXterm({
      fontFamily: options.fontFamily ?? TERMINAL_DEFAULTS.fontFamily,
      fontSize: zoomedSize(this._baseFontSize, useFontZoom.getState().delta),
      scrollback: options.scrollback ?? TERMINAL_DEFAULTS.scrollback,
      theme: options.theme ?? TERMINAL_DEFAULTS.theme,
      linkHandler: hyperlinkHandler(options.openHyperlink),
    });
    this.term = term;
    this._output = new TerminalOutput(term, (chars) => this._api.send('pty:ack', { id: this.id, chars }));
    this._fit = fit;
    this._cell = new CellMeasure(
      term,
      () => this._opened && !this.isDisposed,
      () => this.fit(),
    );
    // Disposed last (a store undoes the last registered first): the term outlives what watches it.
    this._registerUndo(() => term.dispose());
    this._decorations = this._register(new CommandDecorations(term, options.onCommandClick));
    this.promptInput = this._register(new PromptInputModel(term));
    this._ligatures = new TerminalLigatures(term);
    term.loadAddon(new ModifierLinksAddon(new WebLinksAddon(webLinkActivate(options.openLink)), linkModifierHeld));
    this._register(term.onData((data) => this._input(data)));
    this._register(term.onBinary((data) => this._input(data)));
    this._register(term.onTitleChange((title) => options.onTitle(title)));
    this._register(
      term.onSelectionChange(() => {
        const selection = this._copyOnSelect ? term.getSelection() : '';
        if (selection) void navigator.clipboard?.writeText(selection).catch(() => undefined);
      }),
    );
    this._registerUndo(useFontZoom.subscribe(() => this.applyOptions({})));
    // A snapshot's own addressing and clears paint a screen the marks are placed on afterwards.
    this._register(
      watchScreenControl(
        term,
        { address: (alternate) => this._decorations.noteAddressing(alternate), clear: (reset) => this._decorations.noteClear(reset) },
        () => this._restoring,
      ),
    );
    if (options.attach) this._register(options.attach(this));
  }

  /** Mounts into `container`; later calls move the existing element (StrictMode, tab re-layout). */
  mount(container: HTMLElement): void {
    if (this.isDisposed) return;
    this._container = container;
    container.dataset.fontSize = String(this.term.options.fontSize);
    this._paintFrame();
    const { element } = this.term;
    if (this._opened && element) {
      if (element.parentElement === container) return;
      // Moving an element blurs what has focus in it: the keyboard stays with the terminal, so keys
      // typed while the app takes the first terminal over (lazy/first-terminal.ts) reach the shell.
      const focused = element.contains(document.activeElement);
      container.appendChild(element);
      if (focused) this.term.focus();
      return;
    }
    this.term.open(container);
    this._opened = true;
    // How input the user caused is told apart from xterm's own answers to queries (see `_input`).
    if (this.term.element) this._userInput.watch(this.term.element);
    // Pastes and drops reach the shell only through the input gate, never through xterm's own paste.
    if (this.term.element) this._registerUndo(routePasteAndDrop(this.term.element, (text) => void this.insert(text, { title: 'Paste' })));
    this._ligatures.apply();
    this._cell.measured();
    this._register(
      toDisposable(
        onFontFacesLoaded(
          () => this.term.options.fontFamily,
          () => this._cell.again(),
        ),
      ),
    );
    void loadWebgl(this.term, () => this.isDisposed);
  }

  write(data: string): void {
    this._output.write(data);
  }

  applyMark(mark: TerminalMark): void {
    this._output.after(() => (this._decorations.apply(mark), this.promptInput.applyMark(mark)));
  }

  /**
   * Paints a screen from the pty's mirror (a reload, a second window, a re-attach): at the grid size
   * it was taken, with its gutter marks, and with nothing xterm answers meanwhile sent anywhere.
   */
  restore(snapshot: TerminalSnapshot): void {
    // In stream order: what was written before is parsed first, then the screen is painted over.
    const reset = () => {
      this._decorations.clear();
      this.promptInput.reset();
      if (snapshot.cols !== this.term.cols || snapshot.rows !== this.term.rows) this.term.resize(snapshot.cols, snapshot.rows);
      this._restoring = true;
    };
    this._output.repaint(snapshot.data, reset, () => {
      this._restoring = false;
      for (const { offset, mark } of snapshot.marks) this._decorations.applyAt(mark, offset);
      // The grid goes back to this window's own size, which tells the pty if it differs.
      this._lastSize = { cols: 0, rows: 0 };
      this.fit();
    });
  }

  /** Puts text at the prompt through the input gate (insert/insert-into.ts): shown first when it must be, never run. */
  insert(text: string, options?: InsertOptions): Promise<InsertResult> {
    return insertText(xtermInsertTarget(this.term, this._userInput.note), text, options);
  }

  revealCommand(commandId: string): boolean {
    return this._decorations.reveal(commandId);
  }

  /** Scrolls to the previous or next command's prompt; returns its id. */
  jumpCommand(direction: -1 | 1): string | undefined {
    return this._decorations.jump(direction);
  }

  /** The buffer line under a viewport point (for a right-click), or undefined outside the rows. */
  lineAt(clientY: number): number | undefined {
    const screen = this.term.element?.querySelector('.xterm-screen');
    const box = screen?.getBoundingClientRect();
    if (!box || box.height <= 0 || clientY < box.top || clientY >= box.bottom) return undefined;
    const row = Math.floor(((clientY - box.top) / box.height) * this.term.rows);
    return this.term.buffer.active.viewportY + row;
  }

  /** The recorded command whose prompt or output is on buffer line `line`. */
  commandAt(line: number): string | undefined {
    return this.term.buffer.active.type === 'normal' ? this._decorations.commandAt(line) : undefined;
  }

  /** What a sticky header names (command-decorations.ts `stickyAt`): the command whose output fills the top, or undefined. */
  stickyCommand(): string | undefined {
    const buffer = this.term.buffer.active;
    if (buffer.type !== 'normal') return undefined;
    return this._decorations.stickyAt(buffer.viewportY, buffer.viewportY < buffer.baseY);
  }

  /** Fires when the sticky header's answer may change with no scroll (a mark, a clear, a program drawing). */
  onStickyChange(listener: () => void): IDisposable {
    return this._decorations.onChange(listener);
  }

  /** What a click on the command's gutter mark does: select it (and attach it to the assistant). */
  clickCommand(commandId: string): void {
    this._onCommandClick(commandId);
  }

  /** Whether a running program reads the mouse itself (then right-click is its, unless Shift is held). */
  get mouseTracking(): boolean {
    return this.term.modes.mouseTrackingMode !== 'none';
  }

  /** Fits the terminal to its container and tells the pty about a changed size. */
  fit(): void {
    if (!this._opened || this.isDisposed || !this.term.element?.isConnected) return;
    // A snapshot is painted at the grid size it was taken at, and its marks' offsets count rows of
    // that grid: a refit mid-paint (the font loading, the pane's first layout) wrapped the rest at
    // another width, and marks above a reflowed line landed rows off. `restore` refits at the end.
    if (this._restoring) return;
    const dims = this._fit.proposeDimensions();
    if (!dims || !Number.isFinite(dims.cols) || !Number.isFinite(dims.rows) || dims.cols < 2 || dims.rows < 1) return;
    if (dims.cols !== this.term.cols || dims.rows !== this.term.rows) this.term.resize(dims.cols, dims.rows);
    if (this._lastSize.cols !== this.term.cols || this._lastSize.rows !== this.term.rows) {
      this._lastSize = { cols: this.term.cols, rows: this.term.rows };
      this._api.send('pty:resize', { id: this.id, ...this._lastSize });
    }
  }

  focus(): void {
    this.term.focus();
  }

  /**
   * The container around the grid in this terminal's own background: a profile's scheme may
   * differ from the one the page's --terminal-bg follows (looks.css).
   */
  private _paintFrame(): void {
    const background = this.term.options.theme?.background;
    if (this._container && background) this._container.style.setProperty('--terminal-bg', background);
  }

  /** Applies changed settings live; a new font size or family changes the grid, so it refits. */
  applyOptions(options: LiveTerminalOptions): void {
    if (this.isDisposed) return;
    const { copyOnSelect, fontSize, ligatures, ...rest } = options;
    if (copyOnSelect !== undefined) this._copyOnSelect = copyOnSelect;
    if (ligatures !== undefined) this._ligatures.set(ligatures);
    if (fontSize !== undefined) this._baseFontSize = fontSize;
    const xtermOptions = { ...rest, fontSize: zoomedSize(this._baseFontSize, useFontZoom.getState().delta) };
    if (this._container) this._container.dataset.fontSize = String(xtermOptions.fontSize);
    const changed = Object.entries(xtermOptions).filter(
      ([key, value]) => value !== undefined && (this.term.options as Record<string, unknown>)[key] !== value,
    );
    if (changed.length === 0) return;
    this.term.options = Object.fromEntries(changed);
    this._paintFrame();
    if (changed.some(([key]) => key === 'fontFamily' || key === 'fontSize')) {
      // xterm.js measured the cell again for the new font, with whatever of it is in now.
      if (this._opened) this._cell.measured();
    }
    this.fit();
  }

  /**
   * Everything xterm wants to send: the user's input, or (with no user event just before) xterm's
   * own reply to a query in the output, marked so (xterm/user-input.ts).
   */
  private _input(data: string): void {
    if (this.isDisposed) return;
    const reply = this._userInput.isReply();
    // While a snapshot is painted, xterm's answers to it go nowhere, but the user's keys still go: a
    // Ctrl+C pressed as a flooding tab came back on screen was lost with them (a CI bench run).
    if (reply && this._restoring) return;
    this._api.send('pty:input', reply ? { id: this.id, data, reply } : { id: this.id, data });
  }
}
