// SPDX-License-Identifier: MIT
import { holdAppKeys } from './held-keys';
import { suggestionKeyOf } from './keybindings';
import { loadApp } from './lazy/app-load';
import { placeInStage, stageFirstTerminal } from './lazy/first-terminal';
import { addDisposableListener, DisposableStore, toDisposable } from './lifetime/disposable';
import { useWorkspace } from './state/workspace';
import { ForegroundWatch } from './tabs/tab-foreground';
import { preloadBundledFont } from './themes/font';
import { TerminalController } from './terminal/terminal-controller';
import { watchSuggestionKeys } from './terminal/suggest/suggestion-keys';
import { controllerFor, promptInputFor, startTerminals, startTerminalSync } from './terminal/terminals';
import type { EarlyStart } from './terminal/workspace/early-start';
import { api, connection } from './transport/api';

/** Whether this page is shown, for the terminals (only the ones on screen are sent output as it comes). */
const page = {
  visible: () => document.visibilityState === 'visible',
  onChange: (listener: () => void) => addDisposableListener(document, 'visibilitychange', listener),
};

/**
 * What the window wires up outside React, for the page's whole life: the terminals (and every
 * listener they need) and the foreground programs their tabs are named after. Then the first
 * terminal is drawn, and only then is the app (React and the rest of the window, app-root.tsx)
 * loaded and evaluated: its code would otherwise hold the page's one thread while the prompt waits.
 * `early`: the window's start, asked by main.tsx while this part of the page was still loading.
 */
export const boot = async (early: EarlyStart): Promise<void> => {
  // Marks for the page-load benchmark (tests/bench/ui/page-load-bench.ts): this stage's modules are evaluated by now.
  performance.mark('ct:main');
  preloadBundledFont();
  const lifetime = new DisposableStore();
  lifetime.add(startTerminals({ api, connection, page, early, createController: (options) => new TerminalController(options) }));
  lifetime.add(new ForegroundWatch({ api, connection, store: useWorkspace }));
  holdAppKeys();
  // A shown inline suggestion's keys (Right, End, Alt+Right, Esc), only while the cursor is at the line's end.
  lifetime.add(toDisposable(watchSuggestionKeys((id) => promptInputFor(id)?.snapshot()?.atEnd === true, suggestionKeyOf)));
  // The app's own call answers this same pass and reports its failure; this one only must not be
  // an unhandled rejection.
  await stageFirstTerminal(
    startTerminalSync().catch(() => undefined),
    controllerFor,
  );
  await loadApp(
    async () => {
      const app = await import('./app-root');
      performance.mark('ct:render');
      return app;
    },
    connection,
    placeInStage,
  );
};
