// SPDX-License-Identifier: MIT
import type { Api } from '../../../shared/ipc';
import { Disposable, type IDisposable } from '../../lifetime/disposable';
import type { ConnectionStatus } from '../../transport/ws-transport';

/** Whether the page is shown (document.visibilityState), and when that changes. */
export interface PageVisibility {
  visible(): boolean;
  onChange(listener: () => void): IDisposable;
}

/** The connection's state changes (browser mode reconnects; the desktop's never changes). */
export interface ConnectionEvents {
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

export interface ShownTerminalsDeps {
  readonly api: Pick<Api, 'send' | 'on'>;
  readonly connection: ConnectionEvents;
  readonly page: PageVisibility;
  /** The terminals on screen while the page is shown. */
  readonly onScreen: () => string[];
  /** Attaches a terminal again (it was detached while hidden and is shown now). */
  readonly reattach: (id: string) => void;
  /**
   * Says nothing until `changed()`: for a window whose first terminal was asked for before it
   * existed (early-start.ts), which "no terminal on screen" would hold back until it is shown.
   */
  readonly quietUntilChanged?: boolean;
}

/**
 * Only the terminal on screen (the active tab's, in a visible window) is sent output as it comes;
 * the server holds the others' and sends it when they are shown, so a flood in a background tab
 * costs this page nothing and never delays the keystrokes typed here. If too much piles up the
 * server detaches the terminal instead, and it repaints from its current screen once shown.
 */
export class ShownTerminals extends Disposable {
  private readonly _detached = new Set<string>();

  constructor(private readonly _deps: ShownTerminalsDeps) {
    super();
    this._registerUndo(
      _deps.api.on('pty:detached', ({ id }) => {
        this._detached.add(id);
        this._reattachDetached();
      }),
    );
    this._register(_deps.page.onChange(() => this.changed()));
    this._registerUndo(_deps.connection.onStatus((status) => status === 'open' && this._report()));
    if (!_deps.quietUntilChanged) this._report();
  }

  /** What is on screen changed (another tab, a split or a closed pane, the page hidden or shown). */
  changed(): void {
    this._report();
    this._reattachDetached();
  }

  private _shown(): string[] {
    return this._deps.page.visible() ? this._deps.onScreen() : [];
  }

  private _report(): void {
    this._deps.api.send('pty:visibility', { visible: this._deps.page.visible(), shown: this._shown() });
  }

  private _reattachDetached(): void {
    for (const id of this._shown()) if (this._detached.delete(id)) this._deps.reattach(id);
  }
}
