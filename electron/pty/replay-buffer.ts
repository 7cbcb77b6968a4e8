// SPDX-License-Identifier: MIT
import type { TerminalMark } from '../../shared/ipc/pty';

export type ReplayItem = string | TerminalMark;

/**
 * The most recent output of a pty, with the command marks between it, kept so a reloaded renderer
 * can repaint its terminals and their gutter decorations. Bounded by characters of output: whole
 * items are dropped from the front, and the first kept text is cut at a line boundary so the
 * replay does not begin inside an escape sequence.
 */
export class ReplayBuffer {
  private _items: ReplayItem[] = [];
  private _size = 0;

  constructor(private readonly _maxChars: number) {}

  push(item: ReplayItem): void {
    const last = this._items.at(-1);
    if (typeof item === 'string' && typeof last === 'string' && last.length + item.length < 64 * 1024) {
      this._items[this._items.length - 1] = last + item;
    } else {
      this._items.push(item);
    }
    if (typeof item !== 'string') return;
    this._size += item.length;
    while (this._items.length > 1 && this._size - lengthOf(this._items[0]!) >= this._maxChars) {
      this._size -= lengthOf(this._items.shift()!);
    }
  }

  snapshot(): ReplayItem[] {
    const items = [...this._items];
    const excess = this._size - this._maxChars;
    const first = items[0];
    if (excess > 0 && typeof first === 'string') {
      const newline = first.indexOf('\n', excess);
      items[0] = first.slice(newline === -1 ? excess : newline + 1);
    }
    return items;
  }
}

const lengthOf = (item: ReplayItem): number => (typeof item === 'string' ? item.length : 0);
