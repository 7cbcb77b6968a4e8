// SPDX-License-Identifier: MIT
import { processMemory } from '../runtime/process-memory';
import type { NoteRequest } from '../../shared/ipc/notifications';
import type { InvokeHandlers, SendHandlers } from './router';

/** Shows a desktop notification; `onClick` runs when the user clicks it. */
export type Notify = (note: Pick<NoteRequest, 'title' | 'body'>, onClick: () => void) => void;

/** Tags of notifications shown lately: every window hears of a finished command and may ask for it. */
const RECENT_TAGS = 100;

export interface AppHandlerDeps {
  readonly host: 'electron' | 'web';
  readonly version: string;
  readonly dataDir: string;
  /** Shown once a window is up; the array may still grow while the core starts. */
  readonly notices: readonly string[];
  /** Opens a URL in the user's browser (Electron: shell.openExternal); absent in browser mode. */
  readonly openExternal?: (url: string) => void;
  /** Shows a system notification (Electron: Notification); absent in browser mode, where the page shows its own. */
  readonly notify?: Notify;
}

/** What the renderer asks about the host it runs in. */
export const appHandlers = ({
  host,
  version,
  dataDir,
  notices,
  openExternal,
  notify,
}: AppHandlerDeps): {
  invoke: Pick<InvokeHandlers, 'app:info' | 'app:memory'>;
  send: Pick<SendHandlers, 'app:open-external' | 'app:notify'>;
} => {
  const shown = new Set<string>();
  return {
    invoke: {
      // A copy: the core's list is its own (and the answer is serialized anyway).
      'app:info': () => ({ version, host, platform: process.platform, dataDir, notices: [...notices] }),
      'app:memory': () => processMemory(),
    },
    send: {
      'app:open-external': ({ url }) => openExternal?.(url),
      'app:notify': ({ title, body, tag }, client) => {
        if (!notify || shown.has(tag)) return;
        shown.add(tag);
        if (shown.size > RECENT_TAGS) shown.delete(shown.values().next().value!);
        // The click goes back to the window that asked: it brings itself forward and shows the tab.
        notify({ title, body }, () => client.emit('app:notification-clicked', { tag }));
      },
    },
  };
};
