// SPDX-License-Identifier: MIT
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { addDisposableListener, DisposableStore } from './lifetime/disposable';
import { useWorkspace } from './state/workspace';
import { ForegroundWatch } from './tabs/tab-foreground';
import { preloadBundledFont } from './themes/font';
import { TerminalController } from './terminal/terminal-controller';
import { startTerminals, startTerminalSync } from './terminal/terminals';
import type { EarlyStart } from './terminal/workspace/early-start';
import { api, connection } from './transport/api';

/** Whether this page is shown, for the terminals (only the ones on screen are sent output as it comes). */
const page = {
  visible: () => document.visibilityState === 'visible',
  onChange: (listener: () => void) => addDisposableListener(document, 'visibilitychange', listener),
};

/**
 * What the window wires up outside React, for the page's whole life: the terminals (and every
 * listener they need) and the foreground programs their tabs are named after. Started before the
 * first render, so the app's components always find the terminals; nothing is wired at import.
 * `early`: the window's start, asked by main.tsx while this part of the page was still loading.
 */
export const boot = (early: EarlyStart): void => {
  // Marks for the page-load benchmark (tests/bench/ui/page-load-bench.ts): every module is evaluated by now.
  performance.mark('ct:main');
  preloadBundledFont();
  const lifetime = new DisposableStore();
  lifetime.add(startTerminals({ api, connection, page, early, createController: (options) => new TerminalController(options) }));
  lifetime.add(new ForegroundWatch({ api, connection, store: useWorkspace }));
  // The first terminal is shown now, not after React's first commit (the early start asked for it).
  // The app's own call answers this same pass and reports its failure; this one only must not be
  // an unhandled rejection.
  void startTerminalSync().catch(() => undefined);

  performance.mark('ct:render');

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};
