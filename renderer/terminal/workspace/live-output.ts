// SPDX-License-Identifier: MIT
import type { TerminalMark, TerminalSnapshot } from '../../../shared/ipc/pty';

const MAX_HELD_ITEMS = 10_000;

type Live = { readonly data: string; readonly end: number } | { readonly mark: TerminalMark; readonly at: number };

export interface LiveTarget {
  write(data: string): void;
  applyMark(mark: TerminalMark): void;
}

/**
 * Live output of every pty, lined up with the snapshots that attaching returns. The server starts
 * sending a pty's output the moment it handles `pty:attach`, before its answer arrives, so output
 * for a pty being attached is held here and, once the snapshot is painted, only what comes after
 * the snapshot's stream position (`end`) is written: nothing twice, nothing lost.
 */
export class LiveOutput {
  private readonly _held = new Map<string, Live[]>();

  constructor(private readonly _target: (id: string) => LiveTarget | undefined) {}

  /** Call before sending `pty:attach` for `id`. */
  begin(id: string): void {
    this._held.set(id, []);
  }

  /** The attach failed: drop what was held (the tab is going away). */
  abandon(id: string): void {
    this._held.delete(id);
  }

  /**
   * Call after painting the snapshot (or, for a pty this window just spawned, with none: its output
   * may arrive before the spawn's answer does): writes the held output that followed it.
   */
  finish(id: string, snapshot: Pick<TerminalSnapshot, 'end'> = { end: 0 }): void {
    const held = this._held.get(id) ?? [];
    this._held.delete(id);
    const target = this._target(id);
    if (!target) return;
    for (const item of held) {
      if ('data' in item) {
        if (item.end <= snapshot.end) continue;
        const start = item.end - item.data.length;
        target.write(start >= snapshot.end ? item.data : item.data.slice(snapshot.end - start));
      } else if (item.at >= snapshot.end) {
        target.applyMark(item.mark);
      }
    }
  }

  data(id: string, data: string, end: number): void {
    const target = this._held.has(id) ? undefined : this._target(id);
    if (target) target.write(data);
    else this._hold(id, { data, end });
  }

  mark(id: string, mark: TerminalMark, at: number): void {
    const target = this._held.has(id) ? undefined : this._target(id);
    if (target) target.applyMark(mark);
    else this._hold(id, { mark, at });
  }

  /** Output for a pty with no terminal yet is held too, bounded (it is only ever a first prompt). */
  private _hold(id: string, item: Live): void {
    let held = this._held.get(id);
    if (!held) this._held.set(id, (held = []));
    if (held.length < MAX_HELD_ITEMS) held.push(item);
  }
}
