// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import type { ConnectionStatus } from '../transport/ws-transport';
import { connection } from '../transport/api';

/**
 * The printed address is http://127.0.0.1:PORT/?token=TOKEN; a restart picks a new port and token
 * unless both were fixed, and the page cannot learn them, so the banner says where to look instead
 * of promising a reconnect that will never come.
 */
const GONE_TEXT =
  'Contexterm was restarted with a new address, or stopped: this page can no longer reach it. ' +
  'Open the address it printed when it started (http://127.0.0.1:PORT/?token=…, in the terminal where you ran it), ' +
  'then close this page. This page cannot know the new address.';

/** Shows why the terminals are frozen while the socket is down (browser mode only). */
export const ConnectionBanner = () => {
  // From the status now, not 'open': the app appears after the first terminal (boot.ts), and a
  // host that went away meanwhile would otherwise show no banner until the status changed again.
  const [status, setStatus] = useState<ConnectionStatus>(() => connection.status);
  useEffect(() => {
    setStatus(connection.status);
    return connection.onStatus(setStatus);
  }, []);
  if (status === 'open') return null;
  if (status === 'gone' || status === 'refused') {
    return (
      <div className="banner error" role="alert" data-testid="connection-banner" data-state={status}>
        {GONE_TEXT}
      </div>
    );
  }
  return (
    <div className="banner" role="status" data-testid="connection-banner" data-state={status}>
      Connection to Contexterm lost — reconnecting…
    </div>
  );
};
