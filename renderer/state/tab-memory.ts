// SPDX-License-Identifier: MIT

/**
 * What a window remembers about its tabs across a reload. The active terminal (the focused pane of
 * the active tab) is per window (sessionStorage: two windows may look at different tabs); names you
 * give tabs are per terminal and shared by every window of this app (localStorage), so a renamed
 * tab keeps its name everywhere. Storage may be unavailable (a locked-down profile): then nothing
 * is remembered. The keys stay as they were, so a reload across an update keeps what was saved.
 */
const ACTIVE_KEY = 'contexterm.activeTab';
const PANES_KEY = 'contexterm.panes';
const NAMES_KEY = 'contexterm.tabNames';

const safely = <T>(work: () => T, fallback: T): T => {
  try {
    return work();
  } catch {
    return fallback;
  }
};

export const rememberActiveTerminal = (id: string | undefined): void =>
  safely(() => (id ? sessionStorage.setItem(ACTIVE_KEY, id) : sessionStorage.removeItem(ACTIVE_KEY)), undefined);

export const rememberedActiveTerminal = (): string | undefined => safely(() => sessionStorage.getItem(ACTIVE_KEY) ?? undefined, undefined);

const readNames = (): Record<string, string> =>
  safely(() => {
    const parsed: unknown = JSON.parse(localStorage.getItem(NAMES_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  }, {});

export const rememberedTabName = (id: string): string | null => {
  const name = readNames()[id];
  return typeof name === 'string' && name ? name : null;
};

/** Saves (or with `null`, forgets) a tab's name; names of terminals that are gone are dropped. */
export const rememberTabName = (id: string, name: string | null, liveIds: readonly string[]): void =>
  safely(() => {
    const names = Object.fromEntries(Object.entries(readNames()).filter(([key]) => liveIds.includes(key)));
    if (name) names[id] = name;
    else delete names[id];
    localStorage.setItem(NAMES_KEY, JSON.stringify(names));
  }, undefined);

/** This window's split layouts (per window, like the active tab), as stored by rememberPanes. */
export const rememberPanes = (groups: unknown): void => safely(() => sessionStorage.setItem(PANES_KEY, JSON.stringify(groups)), undefined);

export const rememberedPanes = (): unknown => safely(() => JSON.parse(sessionStorage.getItem(PANES_KEY) ?? 'null') as unknown, null);
