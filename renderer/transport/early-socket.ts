// SPDX-License-Identifier: MIT
// A classic script at the top of the page's HTML (vite.config.ts puts it there, `async`, with the
// worker's built address in `data-worker`). It starts the socket's worker and its connection at
// once. `async`: a blocking script held the parser, and every other fetch of the page, until it
// had been fetched (~20 ms); it still runs long before the page's modules, which are deferred.
// Started from the page's first module instead, the worker's thread
// came up only after the browser had parsed the page's ~800 KB of modules: the socket opened at
// 250 ms, 130 ms after the page asked for it, and the first shell started after that.
// Types are all it imports: this file is built on its own and must stay a classic script (ws-transport.ts takes
// the worker over, with the messages it sent meanwhile).
import type { EarlySocket, EarlySocketSlot, ToSocket } from './socket-messages';

(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const workerUrl = script?.dataset.worker;
  const token = new URLSearchParams(location.search).get('token');
  const slot = globalThis as EarlySocketSlot;
  // Browser mode only: the desktop app's page has no token and talks over its bridge. And not
  // after the transport started its own socket (the modules ran first, which an async script allows).
  if (!script || !workerUrl || token === null || slot.__contextermEarlySocket === 'taken') return;
  const worker = new Worker(new URL(workerUrl, document.baseURI), { type: 'module', name: 'socket' });
  const early: EarlySocket = { worker, held: [] };
  worker.onmessage = ({ data }: MessageEvent) => early.held.push(data);
  worker.postMessage({ kind: 'connect', token } satisfies ToSocket);
  slot.__contextermEarlySocket = early;
})();
