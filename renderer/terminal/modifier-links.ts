// SPDX-License-Identifier: MIT
import type { IDisposable, ILink, ILinkProvider, ITerminalAddon, Terminal } from '@xterm/xterm';
import { linkHint, type ModifierState } from './link-routing';

/**
 * Links that look like links only while the key that opens them is held (VS Code's behaviour):
 * without Ctrl (Cmd on macOS) a URL in the output is plain text to the pointer, with it the URL
 * under the pointer is underlined and the pointer becomes a hand, and a click opens it.
 *
 * It wraps a link addon (the web-links one) rather than copying it: the addon is activated on a
 * view of the terminal whose `registerLinkProvider` hands over its provider, whose links then get
 * decorations that follow the modifier. xterm.js turns a hovered link's `decorations` into live
 * setters, so flipping them while the pointer rests on a link updates it at once.
 */
export class ModifierLinksAddon implements ITerminalAddon {
  private _held = false;
  private _hovered: ILink | undefined;
  private _element: HTMLElement | undefined;
  private _terminal: Terminal | undefined;
  private readonly _disposables: IDisposable[] = [];

  constructor(
    private readonly _inner: ITerminalAddon,
    private readonly _isHeld: (event: ModifierState) => boolean,
  ) {}

  activate(terminal: Terminal): void {
    const view = new Proxy(terminal, {
      get: (target, property) =>
        property === 'registerLinkProvider'
          ? (provider: ILinkProvider) => target.registerLinkProvider(this._wrap(provider))
          : (Reflect.get(target, property) as unknown),
    });
    this._inner.activate(view);
    const track = (event: KeyboardEvent | MouseEvent) => this._setHeld(this._isHeld(event));
    const release = () => this._setHeld(false);
    window.addEventListener('keydown', track, true);
    window.addEventListener('keyup', track, true);
    window.addEventListener('blur', release);
    this._disposables.push({
      dispose: () => {
        window.removeEventListener('keydown', track, true);
        window.removeEventListener('keyup', track, true);
        window.removeEventListener('blur', release);
      },
    });
    this._terminal = terminal;
  }

  dispose(): void {
    for (const disposable of this._disposables.splice(0)) disposable.dispose();
    this._inner.dispose();
    this._hovered = undefined;
  }

  private _wrap(provider: ILinkProvider): ILinkProvider {
    return {
      provideLinks: (y, callback) => provider.provideLinks(y, (links) => callback(links?.map((link) => this._track(link)))),
    };
  }

  private _track(link: ILink): ILink {
    const { hover, leave } = link;
    link.decorations = { underline: this._held, pointerCursor: this._held };
    link.hover = (event, text) => {
      this._hovered = link;
      this._element = this._terminal?.element;
      if (this._element) this._element.title = linkHint();
      // xterm.js makes the decorations live right after this call: apply the state once it has.
      this._held = this._isHeld(event);
      queueMicrotask(() => this._apply());
      hover?.call(link, event, text);
    };
    link.leave = (event, text) => {
      if (this._hovered === link) {
        this._hovered = undefined;
        if (this._element?.title === linkHint()) this._element.title = '';
      }
      leave?.call(link, event, text);
    };
    return link;
  }

  private _setHeld(held: boolean): void {
    if (held === this._held) return;
    this._held = held;
    this._apply();
  }

  private _apply(): void {
    const held = this._held;
    const decorations = this._hovered?.decorations;
    if (!decorations) return;
    decorations.pointerCursor = held;
    decorations.underline = held;
  }
}
