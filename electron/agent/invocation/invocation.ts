// SPDX-License-Identifier: MIT
import { move, type InvocationState } from './invocation-state';

/** What every tool call's view carries: its id (the model's tool-call id) and where it is in its life. */
export interface InvocationView {
  readonly id: string;
  readonly phase: InvocationState;
}

/**
 * One tool call as it moves through the states of invocation-state.ts. Every change goes through
 * `to` (a checked move) or `update` (fields that change within a state: the record that started, the
 * reason it was handed over); each publishes the whole new view, which is the step's last state as
 * the windows see it and as it is stored with the conversation.
 */
export class Invocation<V extends InvocationView> {
  private _view: V;

  constructor(
    view: V,
    private readonly _publish: (view: V) => V,
  ) {
    this._view = _publish(view);
  }

  get view(): V {
    return this._view;
  }

  get phase(): InvocationState {
    return this._view.phase;
  }

  /** Moves to `phase` with the fields that come with it; throws IllegalTransitionError otherwise. */
  to(phase: InvocationState, fields: Partial<Omit<V, 'id' | 'phase'>> = {}): V {
    move(this._view.id, this._view.phase, phase);
    return this._set({ ...this._view, ...fields, phase });
  }

  /** Changes fields within the current state. */
  update(fields: Partial<Omit<V, 'id' | 'phase'>>): V {
    return this._set({ ...this._view, ...fields });
  }

  private _set(view: V): V {
    this._view = this._publish(view);
    return this._view;
  }
}
