// SPDX-License-Identifier: MIT
import { resolveWorkerUrl } from '../../runtime/worker-url';

export { bundleToCache } from '../../runtime/worker-url';

/** The bundle entry name: the host build must emit `store-worker.<ext>` next to its own output file. */
const STORE_WORKER_ENTRY = 'store-worker';

/** The store's worker script (see resolveWorkerUrl for bundles and sources). */
export const resolveStoreWorkerUrl = (): Promise<URL> => resolveWorkerUrl(STORE_WORKER_ENTRY, 'electron/store/worker/store-worker.ts');
