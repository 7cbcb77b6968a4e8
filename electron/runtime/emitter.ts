// SPDX-License-Identifier: MIT

/** Each event's name and the arguments its listeners get. */
type EventMap = Record<string, readonly unknown[]>;

/**
 * A small typed publisher. A service that others react to publishes here and the others subscribe
 * once they exist, so the composition root builds each service after what it needs, in plain order,
 * instead of handing a constructor a closure over something declared later. Listeners run in the
 * order they subscribed, synchronously, as calling them in place did: a listener that throws stops
 * the ones after it, as before.
 */
export class Emitter<Events extends EventMap> {
  private readonly _listeners = new Map<keyof Events, Set<(...args: Events[keyof Events]) => void>>();

  /** Calls `listener` with each `event` from now on; the returned function unsubscribes it. */
  on<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): () => void {
    let listeners = this._listeners.get(event);
    if (!listeners) this._listeners.set(event, (listeners = new Set()));
    const held = listener as (...args: Events[keyof Events]) => void;
    listeners.add(held);
    return () => void listeners.delete(held);
  }

  emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    const listeners = this._listeners.get(event);
    if (!listeners) return;
    for (const listener of [...listeners]) listener(...(args as Events[keyof Events]));
  }
}
