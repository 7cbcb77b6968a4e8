// SPDX-License-Identifier: MIT
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal, type IDisposable, type ITheme } from '@xterm/xterm';
import type { Api } from '../../shared/ipc';
import type { TerminalMark, TerminalSnapshot } from '../../shared/ipc/pty';
import { FlowControl } from '../../shared/terminal/flow-control';
import { CommandDecorations } from './command-decorations';
import { useFontZoom, zoomedSize } from './font-zoom';
import { hyperlinkHandler, linkModifierHeld, webLinkActivate } from './link-routing';
import { ModifierLinksAddon } from './modifier-links';
import { shouldUseWebgl, webglRendererName } from './renderer-choice';
import { watchScreenControl } from './screen-control';
import { TERMINAL_DEFAULTS } from './terminal-options';
import { loadTerminalFont, onFontFacesLoaded } from '../themes/font';
import { TerminalLigatures } from '../themes/ligatures';

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
}

/** What settings change on a live terminal (font, theme, scrollback, copy-on-select). */
export interface LiveTerminalOptions {
  readonly fontFamily?: string;
  readonly fontSize?: number;
  readonly scrollback?: number;
  readonly theme?: ITheme;
  readonly copyOnSelect?: boolean;
  readonly cursorStyle?: 'block' | 'bar' | 'underline';
  readonly cursorBlink?: boolean;
  /** Not an xterm.js option: a character joiner and the font's features (themes/ligatures.ts). */
  readonly ligatures?: boolean;
}

let webglDecision: boolean | undefined;

const USER_EVENTS = ['keydown', 'keypress', 'beforeinput', 'input', 'compositionend', 'paste', 'mousedown', 'mouseup', 'mousemove', 'wheel', 'focusin', 'focusout'] as const;
const USER_EVENT_WINDOW_MS = 150;

/**
 * Owns one xterm.js instance and its addons for the lifetime of a tab, outside React: components
 * only lend it a container. Output is acknowledged to the pty after xterm has parsed it, which is
 * what makes flow control track the real consumer speed.
 */
export class TerminalController {
  readonly id: string;
  readonly term: Terminal;
  readonly search = new SearchAddon();
  private readonly _decorations: CommandDecorations;
  private readonly _ligatures: TerminalLigatures;
  private readonly _fit = new FitAddon();
  private readonly _disposables: IDisposable[] = [];
  private readonly _api: Api;
  private _unacked = 0;
  private _opened = false;
  private _disposed = false;
  private _lastSize = { cols: 0, rows: 0 };
  private _copyOnSelect = false;
  private readonly _onCommandClick: (commandId: string) => void;
  /** Settings → Terminal → Font size; what is shown is this moved by the font zoom (Ctrl+=). */
  private _baseFontSize: number;
  private _container: HTMLElement | undefined;
  /** When the user last pressed a key, clicked, scrolled or pasted in this terminal. */
  private _lastUserEvent = -Infinity;
  /** True while a snapshot is painted: nothing xterm says meanwhile goes to the pty. */
  private _restoring = false;

  constructor(options: TerminalControllerOptions) {
    this.id = options.id;
    this._api = options.api;
    this._onCommandClick = options.onCommandClick;
    this._baseFontSize = options.fontSize ?? TERMINAL_DEFAULTS.fontSize;
    this.term = new Terminal({
      ...TERMINAL_DEFAULTS,
      fontFamily: options.fontFamily ?? TERMINAL_DEFAULTS.fontFamily,
      fontSize: zoomedSize(this._baseFontSize, useFontZoom.getState().delta),
      scrollback: options.scrollback ?? TERMINAL_DEFAULTS.scrollback,
      theme: options.theme ?? TERMINAL_DEFAULTS.theme,
      linkHandler: hyperlinkHandler(options.openHyperlink),
    });
    this._decorations = new CommandDecorations(this.term, options.onCommandClick);
    this._ligatures = new TerminalLigatures(this.term);
    this.term.loadAddon(this._fit);
    this.term.loadAddon(this.search);
    this.term.loadAddon(new Unicode11Addon());
    this.term.unicode.activeVersion = '11';
    this.term.loadAddon(new ModifierLinksAddon(new WebLinksAddon(webLinkActivate(options.openLink)), linkModifierHeld));
    this._disposables.push(
      this.term.onData((data) => this._input(data)),
      this.term.onBinary((data) => this._input(data)),
      this.term.onTitleChange((title) => options.onTitle(title)),
      this.term.onSelectionChange(() => {
        const selection = this._copyOnSelect ? this.term.getSelection() : '';
        if (selection) void navigator.clipboard?.writeText(selection).catch(() => undefined);
      }),
      { dispose: useFontZoom.subscribe(() => this._applyFontSize()) },
      // A snapshot's own addressing and clears paint a screen the marks are placed on afterwards.
      watchScreenControl(
        this.term,
        { address: (alternate) => this._decorations.noteAddressing(alternate), clear: (reset) => this._decorations.noteClear(reset) },
        () => this._restoring,
      ),
    );
  }

  /** Mounts into `container`; later calls move the existing element (StrictMode, tab re-layout). */
  mount(container: HTMLElement): void {
    if (this._disposed) return;
    this._container = container;
    container.dataset.fontSize = String(this.term.options.fontSize);
    this._paintFrame();
    if (this._opened && this.term.element) {
      if (this.term.element.parentElement !== container) container.appendChild(this.term.element);
      return;
    }
    this.term.open(container);
    this._opened = true;
    // Capture phase, before xterm turns the event into input: this is how input the user caused is
    // told apart from xterm's own answers to queries in the output (see `_input`).
    for (const type of USER_EVENTS) this.term.element?.addEventListener(type, this._noteUserEvent, true);
    this._ligatures.apply();
    this._measureWhenFontLoaded();
    this._disposables.push({ dispose: onFontFacesLoaded(() => this.term.options.fontFamily, () => this._remeasure()) });
    void this._loadWebgl();
  }

  write(data: string): void {
    this.term.write(data, () => {
      this._unacked += data.length;
      if (this._unacked >= FlowControl.ACK_CHARS) this._flushAck();
    });
  }

  applyMark(mark: TerminalMark): void {
    this._decorations.apply(mark);
  }

  /**
   * Paints a screen from the pty's mirror (a reload, a second window, a re-attach): at the grid size
   * it was taken, with its gutter marks, and with nothing xterm answers meanwhile sent anywhere.
   */
  restore(snapshot: TerminalSnapshot): void {
    this._decorations.clear();
    this.term.reset();
    if (snapshot.cols !== this.term.cols || snapshot.rows !== this.term.rows) this.term.resize(snapshot.cols, snapshot.rows);
    this._restoring = true;
    this.term.write(snapshot.data, () => {
      this._restoring = false;
      for (const { offset, mark } of snapshot.marks) this._decorations.applyAt(mark, offset);
      // The grid goes back to this window's own size, which tells the pty if it differs.
      this._lastSize = { cols: 0, rows: 0 };
      this.fit();
    });
  }

  /** Pastes as the user would (bracketed when the program asked for it); counts as user input. */
  paste(text: string): void {
    this._noteUserEvent();
    this.term.paste(text);
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

  /**
   * What a sticky header names: the command whose plain output fills the top of the viewport
   * while its prompt is scrolled out of sight, a finished one only while the user scrolled back
   * (command-decorations.ts `stickyAt`), or undefined.
   */
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
    if (!this._opened || this._disposed || !this.term.element?.isConnected) return;
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
    if (this._disposed) return;
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
    if (changed.some(([key]) => key === 'fontFamily' || key === 'fontSize')) this._measureWhenFontLoaded();
    this.fit();
  }

  /**
   * xterm.js measures its cell when opened and when the font options change, with whatever font is
   * there: a web font still loading (the bundled JetBrains Mono) would leave the grid measured with
   * the fallback. Once its files are in, measure again (a font option change is the only way in).
   */
  private _measureWhenFontLoaded(): void {
    const { fontFamily, fontSize } = this.term.options;
    if (!this._opened || !fontFamily || !fontSize) return;
    void loadTerminalFont(fontFamily, fontSize).then((loaded) => {
      if (!loaded || this.term.options.fontFamily !== fontFamily || this.term.options.fontSize !== fontSize) return;
      this._remeasure();
    });
  }

  /** Measures the cell again (a font option change is the only way in) and refits the grid to it. */
  private _remeasure(): void {
    const { fontSize } = this.term.options;
    if (this._disposed || !this._opened || !fontSize) return;
    this.term.options.fontSize = fontSize + 1;
    this.term.options.fontSize = fontSize;
    this.term.clearTextureAtlas();
    this.fit();
  }

  dispose(): void {
    if (this._disposed) return;
    this._disposed = true;
    for (const disposable of this._disposables.splice(0)) disposable.dispose();
    this._decorations.dispose();
    this.term.dispose();
  }

  private _applyFontSize(): void {
    this.applyOptions({});
  }

  private readonly _noteUserEvent = (): void => {
    this._lastUserEvent = performance.now();
  };

  /**
   * Everything xterm wants to send. Within a moment of a user event it is the user's; otherwise
   * xterm generated it (a reply to DA, DSR, a colour query…) and is marked so, since with several
   * windows on one pty every xterm replies and only one window's replies may reach the program.
   * IME composition and focus reports arrive a tick after their event, hence a window, not a flag.
   */
  private _input(data: string): void {
    if (this._restoring || this._disposed) return;
    const reply = performance.now() - this._lastUserEvent > USER_EVENT_WINDOW_MS;
    this._api.send('pty:input', reply ? { id: this.id, data, reply } : { id: this.id, data });
  }

  private _flushAck(): void {
    const chars = this._unacked;
    this._unacked = 0;
    this._api.send('pty:ack', { id: this.id, chars });
  }

  private async _loadWebgl(): Promise<void> {
    webglDecision ??= shouldUseWebgl(webglRendererName());
    if (!webglDecision) return;
    try {
      const { WebglAddon } = await import('@xterm/addon-webgl');
      if (this._disposed) return;
      const webgl = new WebglAddon();
      // On context loss fall back to the DOM renderer for good rather than fight the GPU process.
      webgl.onContextLoss(() => webgl.dispose());
      this.term.loadAddon(webgl);
    } catch {
      webglDecision = false;
    }
  }
}
