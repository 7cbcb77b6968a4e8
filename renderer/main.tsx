// SPDX-License-Identifier: MIT
import '@xterm/xterm/css/xterm.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { addDisposableListener, DisposableStore } from './lifetime/disposable';
import { useWorkspace } from './state/workspace';
import { ForegroundWatch } from './tabs/tab-foreground';
import { preloadBundledFont } from './themes/font';
import { TerminalController } from './terminal/terminal-controller';
import { startTerminals, syncTerminals } from './terminal/terminals';
import { api, connection } from './transport/api';
import './styles.css';

/** Whether this page is shown, for the terminals (only the ones on screen are sent output as it comes). */
const page = {
  visible: () => document.visibilityState === 'visible',
  onChange: (listener: () => void) => addDisposableListener(document, 'visibilitychange', listener),
};

/**
 * What the window wires up outside React, for the page's whole life: the terminals (and every
 * listener they need) and the foreground programs their tabs are named after. Started before the
 * first render, so the app's components always find the terminals; nothing is wired at import.
 */
// Marks for the page-load benchmark (tests/bench/ui/page-load-bench.ts): every module is evaluated by now.
performance.mark('ct:main');
preloadBundledFont();
const lifetime = new DisposableStore();
lifetime.add(startTerminals({ api, connection, page, createController: (options) => new TerminalController(options) }));
lifetime.add(new ForegroundWatch({ api, connection, store: useWorkspace }));
// The first terminal is asked for now, not after React's first commit: its round trips (pty:list,
// workspace:restore, pty:spawn) overlap the render. The app's own call joins this pass and reports
// its failure; this one only must not be an unhandled rejection.
void syncTerminals().catch(() => undefined);

performance.mark('ct:render');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
