// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import { useTabs } from '../state/tabs';
import { api, connection } from '../transport/api';

/** The program in each terminal's foreground, as main reports it (electron/pty/foreground-watch.ts). */
export const useForeground = create<{ readonly byId: Readonly<Record<string, string>> }>()(() => ({ byId: {} }));

const set = (id: string, process: string) => {
  if (useForeground.getState().byId[id] === process) return;
  useForeground.setState((state) => ({ byId: { ...state.byId, [id]: process } }));
};

/** Changes are only announced: a tab that appears, or a window back from a lost connection, asks. */
const ask = (id: string) => {
  void api.invoke('pty:busy', { id }).then((result) => result.ok && set(id, result.value.process));
};

api.on('pty:foreground', ({ id, process }) => set(id, process));

useTabs.subscribe((state, previous) => {
  const known = new Set(previous.tabs.map((tab) => tab.id));
  for (const tab of state.tabs) if (!known.has(tab.id)) ask(tab.id);
  if (state.tabs.length < previous.tabs.length) {
    const open = new Set(state.tabs.map((tab) => tab.id));
    useForeground.setState((s) => ({ byId: Object.fromEntries(Object.entries(s.byId).filter(([id]) => open.has(id))) }));
  }
});

connection.onStatus((status) => {
  if (status === 'open') for (const tab of useTabs.getState().tabs) ask(tab.id);
});
