// SPDX-License-Identifier: MIT
import type { IDecoration, IMarker, Terminal } from '@xterm/xterm';
import type { IDisposable } from '../../lifetime/disposable';
import './suggest.css';
import type { PromptInputSnapshot } from '../prompt-input/prompt-input-model';

/**
 * Draws a suggestion's rest dim after the cursor: an xterm decoration anchored at the cursor's cell,
 * over the grid (nothing goes into the buffer or to the pty). It carries the contract's hook
 * (`suggestion`, `data-text`, `data-source`), and a polite live region tells screen readers about a
 * new suggestion without moving the focus.
 */
export class GhostText implements IDisposable {
  private _decoration: IDecoration | undefined;
  private _marker: IMarker | undefined;
  private _live: HTMLElement | undefined;

  constructor(private readonly _term: Terminal) {}

  draw(line: string, rest: string, at: PromptInputSnapshot, announce: boolean): void {
    this.clear();
    const buffer = this._term.buffer.active;
    const marker = this._term.registerMarker(at.cursorRow - (buffer.baseY + buffer.cursorY));
    if (!marker) return;
    const decoration = this._term.registerDecoration({ marker, x: at.cursorCol, width: 1, layer: 'top' });
    if (!decoration) return marker.dispose();
    this._marker = marker;
    this._decoration = decoration;
    decoration.onRender((element) => {
      element.classList.add('inline-suggestion');
      element.dataset.testid = 'suggestion';
      element.dataset.text = line;
      element.dataset.source = 'history';
      element.setAttribute('aria-hidden', 'true');
      element.style.fontFamily = String(this._term.options.fontFamily ?? 'monospace');
      element.style.fontSize = `${this._term.options.fontSize ?? 14}px`;
      element.style.lineHeight = element.style.height;
      if (element.textContent !== rest) element.textContent = rest;
    });
    if (announce) this._announce(`Suggestion: ${line}. Right arrow accepts.`);
  }

  clear(): void {
    this._decoration?.dispose();
    this._marker?.dispose();
    this._decoration = undefined;
    this._marker = undefined;
  }

  dispose(): void {
    this.clear();
    this._live?.remove();
  }

  private _announce(text: string): void {
    const host = this._term.element;
    if (!host) return;
    if (!this._live) {
      this._live = document.createElement('div');
      this._live.className = 'inline-suggestion-live';
      this._live.setAttribute('aria-live', 'polite');
      this._live.setAttribute('role', 'status');
      host.appendChild(this._live);
    }
    this._live.textContent = text;
  }
}
