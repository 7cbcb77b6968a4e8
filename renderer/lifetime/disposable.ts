// SPDX-License-Identifier: MIT

/**
 * Lifetimes, after xterm.js's `Disposable` (`_register` adds to a store that `dispose()` empties)
 * and Wave terminal's dispose lists: whatever registers a listener, a subscription or a timer hands
 * its undo to an owner, and disposing the owner undoes them all. Nothing in the renderer subscribes
 * at import time; owners are created at start-up (main.tsx).
 */
export interface IDisposable {
  dispose(): void;
}

/** Wraps an undo function (what `api.on`, a store's `subscribe` and `onStatus` return); runs it once. */
export const toDisposable = (undo: () => void): IDisposable => {
  let done = false;
  return {
    dispose: () => {
      if (done) return;
      done = true;
      undo();
    },
  };
};

/** A DOM listener that is removed on dispose. */
export const addDisposableListener = <K extends keyof DocumentEventMap>(
  target: Pick<Document, 'addEventListener' | 'removeEventListener'>,
  type: K,
  listener: (event: DocumentEventMap[K]) => void,
  options?: boolean | AddEventListenerOptions,
): IDisposable => {
  target.addEventListener(type, listener, options);
  return toDisposable(() => target.removeEventListener(type, listener, options));
};

/**
 * Disposables that end together. One added after the store was disposed is disposed at once: an
 * async step that finishes after its owner is gone must not leave a listener behind.
 */
export class DisposableStore implements IDisposable {
  private readonly _items = new Set<IDisposable>();
  private _disposed = false;

  get isDisposed(): boolean {
    return this._disposed;
  }

  /** How many are held (tests check that nothing piles up). */
  get size(): number {
    return this._items.size;
  }

  add<T extends IDisposable>(item: T): T {
    if (this._disposed) item.dispose();
    else this._items.add(item);
    return item;
  }

  /** Disposes one before its owner ends (a terminal that closed) and forgets it. */
  delete(item: IDisposable): void {
    if (!this._items.delete(item)) return;
    item.dispose();
  }

  /**
   * Disposes everything, last added first (what was set up later may rely on what came before).
   * One that throws does not keep the others alive; the first error is rethrown at the end.
   */
  dispose(): void {
    if (this._disposed) return;
    this._disposed = true;
    const items = [...this._items].reverse();
    this._items.clear();
    let failure: { error: unknown } | undefined;
    for (const item of items) {
      try {
        item.dispose();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }
}

/** A base for owners: `_register` ties a disposable to this object's life. */
export abstract class Disposable implements IDisposable {
  // An ES private field: subclasses keep their own names (a `_store` of theirs) without clashing.
  readonly #disposables = new DisposableStore();

  get isDisposed(): boolean {
    return this.#disposables.isDisposed;
  }

  protected _register<T extends IDisposable>(item: T): T {
    return this.#disposables.add(item);
  }

  /** Undoes an `api.on`, `subscribe` or `onStatus` when this object ends. */
  protected _registerUndo(undo: () => void): void {
    this.#disposables.add(toDisposable(undo));
  }

  dispose(): void {
    this.#disposables.dispose();
  }
}
