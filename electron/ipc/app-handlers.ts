// SPDX-License-Identifier: MIT
import type { InvokeHandlers, SendHandlers } from './router';

export interface AppHandlerDeps {
  readonly host: 'electron' | 'web';
  readonly version: string;
  readonly dataDir: string;
  /** Shown once a window is up; the array may still grow while the core starts. */
  readonly notices: readonly string[];
  /** Opens a URL in the user's browser (Electron: shell.openExternal); absent in browser mode. */
  readonly openExternal?: (url: string) => void;
}

/** What the renderer asks about the host it runs in. */
export const appHandlers = ({
  host,
  version,
  dataDir,
  notices,
  openExternal,
}: AppHandlerDeps): { invoke: Pick<InvokeHandlers, 'app:info'>; send: Pick<SendHandlers, 'app:open-external'> } => ({
  invoke: {
    // A copy: the core's list is its own (and the answer is serialized anyway).
    'app:info': () => ({ version, host, platform: process.platform, dataDir, notices: [...notices] }),
  },
  send: {
    'app:open-external': ({ url }) => openExternal?.(url),
  },
});
