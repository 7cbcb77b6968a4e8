// SPDX-License-Identifier: MIT

/**
 * Forgets that wait out their undo window. The window that asked hides the command at once; the
 * bytes are erased when the timer fires, at shutdown (`flush`), or never if undone first. Each
 * command id is its own entry, so undoing one of several forgotten together keeps the others going.
 */
export class PendingForgets {
  private readonly _timers = new Map<string, NodeJS.Timeout>();

  /** `erase` is called once per batch of ids whose time came (or at flush). */
  constructor(private readonly _erase: (commandIds: readonly string[]) => Promise<unknown>) {}

  schedule(commandIds: readonly string[], afterMs: number): void {
    for (const id of commandIds) {
      clearTimeout(this._timers.get(id));
      // unref: a pending forget must not keep a test process or a closing app alive; flush runs it.
      this._timers.set(id, setTimeout(() => this._run([id]), afterMs).unref());
    }
  }

  /** The ids that were still waiting, now kept. */
  undo(commandIds: readonly string[]): string[] {
    const restored = commandIds.filter((id) => this._timers.has(id));
    for (const id of restored) {
      clearTimeout(this._timers.get(id));
      this._timers.delete(id);
    }
    return restored;
  }

  has(commandId: string): boolean {
    return this._timers.has(commandId);
  }

  /** Every id still waiting (a search leaves them out). */
  ids(): string[] {
    return [...this._timers.keys()];
  }

  /** Erases everything still waiting, now (shutdown: the user was told it is forgotten). */
  flush(): Promise<unknown> {
    const ids = [...this._timers.keys()];
    for (const id of ids) clearTimeout(this._timers.get(id));
    return ids.length > 0 ? this._run(ids) : Promise.resolve();
  }

  private _run(ids: readonly string[]): Promise<unknown> {
    for (const id of ids) this._timers.delete(id);
    return this._erase(ids);
  }
}
