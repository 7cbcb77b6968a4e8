// SPDX-License-Identifier: MIT
import { bannerOf } from '../layout/connection-text';
import type { Connection } from '../transport/api';

/**
 * The connection banner without React, for a page whose app could not be fetched: its chunks are
 * fetched only once the first prompt is drawn (fetched with the page, their parse competed with
 * the first stage's and the prompt came 50–60 ms later), so a host that went away before then
 * leaves the page with its terminal and this. Same hooks and words as layout/connection-banner.tsx;
 * `place` puts it on the page. Returns the remover.
 */
const showConnectionBanner = (connection: Pick<Connection, 'status' | 'onStatus'>, place: (banner: HTMLElement) => void): (() => void) => {
  const element = document.createElement('div');
  element.dataset.testid = 'connection-banner';
  const show = () => {
    const banner = bannerOf(connection.status);
    element.hidden = banner === undefined;
    element.className = banner?.className ?? '';
    if (banner) element.setAttribute('role', banner.role);
    element.dataset.state = connection.status;
    element.textContent = banner?.text ?? '';
  };
  show();
  place(element);
  const stop = connection.onStatus(show);
  return () => {
    stop();
    element.remove();
  };
};

/**
 * Imports the app and draws it. Should the import fail (the host went away before the page had
 * fetched it), the page shows the banner and tries again each time the connection opens: a host
 * started again at the same address (a fixed port and token) serves it.
 */
export const loadApp = async (
  importApp: () => Promise<{ renderApp(): void }>,
  connection: Pick<Connection, 'status' | 'onStatus'>,
  place: (banner: HTMLElement) => void,
): Promise<void> => {
  let removeBanner: (() => void) | undefined;
  for (;;) {
    try {
      const { renderApp } = await importApp();
      removeBanner?.();
      return renderApp();
    } catch {
      removeBanner ??= showConnectionBanner(connection, place);
      await new Promise<void>((resolve) => {
        const stop = connection.onStatus((status) => {
          if (status !== 'open') return;
          stop();
          resolve();
        });
      });
    }
  }
};
