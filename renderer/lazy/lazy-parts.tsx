// SPDX-License-Identifier: MIT
// The parts of the window the first prompt does not need, each in a chunk of its own (Vite splits
// at every dynamic import): the assistant pane and its markdown, the context inspector, the
// settings page and the command palette (the comparison view is split off in
// renderer/commands/command-overlays.tsx). The page loads, parses and runs only the terminal
// before the first prompt; these follow once it is drawn (prefetchLazyParts), so a first click
// finds them already loaded.
import { lazyPart } from '../layout/lazy-part';

const loaders = {
  assistant: () => import('../assistant/assistant-pane').then((m) => m.AssistantPane),
  inspector: () => import('../assistant/context/context-inspector').then((m) => m.ContextInspector),
  settings: () => import('../settings/settings-page').then((m) => m.SettingsPage),
  palette: () => import('../palette/command-palette').then((m) => m.CommandPalette),
} as const;

/** An empty pane of the same box (its width is the side pane's), so nothing moves when it fills in. */
export const LazyAssistantPane = lazyPart(loaders.assistant, <section className="assistant-pane" aria-busy="true" />);
export const LazyContextInspector = lazyPart(loaders.inspector);
export const LazySettingsPage = lazyPart(loaders.settings);
export const LazyCommandPalette = lazyPart(loaders.palette);

/** Runs a start function (the assistant's sync, the notifications) once its code is in; returns the stop. */
export const startLater = (load: () => Promise<() => () => void>): (() => void) => {
  let stop: (() => void) | undefined;
  let stopped = false;
  void load().then((start) => {
    if (!stopped) stop = start();
  });
  return () => {
    stopped = true;
    stop?.();
  };
};

let prefetched = false;

/** Loads every lazy part in the background (once), one after the other, when the page is idle. */
export const prefetchLazyParts = (): void => {
  if (prefetched) return;
  prefetched = true;
  const idle = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 50);
  const queue: Array<() => Promise<unknown>> = Object.values(loaders);
  const next = () => {
    const load = queue.shift();
    if (load) idle(() => void load().then(next, next));
  };
  next();
};
