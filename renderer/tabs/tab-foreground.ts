// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { Api } from '../../shared/ipc';
import { Disposable } from '../lifetime/disposable';
import type { WorkspaceStore } from '../state/workspace';
import type { ConnectionStatus } from '../transport/ws-transport';

/** The program in each terminal's foreground, as main reports it (electron/pty/foreground-watch.ts). */
export const useForeground = create<{ readonly byId: Readonly<Record<string, string>> }>()(() => ({ byId: {} }));

const set = (id: string, process: string) => {
  if (useForeground.getState().byId[id] === process) return;
  useForeground.setState((state) => ({ byId: { ...state.byId, [id]: process } }));
};

export interface ForegroundDeps {
  readonly api: Pick<Api, 'invoke' | 'on'>;
  readonly connection: { onStatus(listener: (status: ConnectionStatus) => void): () => void };
  readonly store: WorkspaceStore;
}

/**
 * Keeps `useForeground` up to date while it lives. Changes are only announced: a terminal that
 * appears, or a window back from a lost connection, asks.
 */
export class ForegroundWatch extends Disposable {
  constructor(private readonly _deps: ForegroundDeps) {
    super();
    const { api, connection, store } = _deps;
    this._registerUndo(api.on('pty:foreground', ({ id, process }) => set(id, process)));
    this._registerUndo(
      store.subscribe((state, previous) => {
        if (state.terminals === previous.terminals) return;
        const known = new Set(previous.terminals.map((t) => t.id));
        for (const terminal of state.terminals) if (!known.has(terminal.id)) this._ask(terminal.id);
        if (state.terminals.length < previous.terminals.length) {
          const open = new Set(state.terminals.map((t) => t.id));
          useForeground.setState((s) => ({ byId: Object.fromEntries(Object.entries(s.byId).filter(([id]) => open.has(id))) }));
        }
      }),
    );
    this._registerUndo(
      connection.onStatus((status) => {
        if (status === 'open') for (const terminal of store.getState().terminals) this._ask(terminal.id);
      }),
    );
  }

  private _ask(id: string): void {
    void this._deps.api.invoke('pty:busy', { id }).then((result) => result.ok && set(id, result.value.process));
  }
}
