// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import type { ConnectionStatus } from '../transport/ws-transport';
import { connection } from '../transport/api';
import { bannerOf } from './connection-text';

/** Shows why the terminals are frozen while the socket is down (browser mode only). */
export const ConnectionBanner = () => {
  // From the status now, not 'open': the app appears after the first terminal (boot.ts), and a
  // host that went away meanwhile would otherwise show no banner until the status changed again.
  const [status, setStatus] = useState<ConnectionStatus>(() => connection.status);
  useEffect(() => {
    setStatus(connection.status);
    return connection.onStatus(setStatus);
  }, []);
  const banner = bannerOf(status);
  if (!banner) return null;
  return (
    <div className={banner.className} role={banner.role} data-testid="connection-banner" data-state={status}>
      {banner.text}
    </div>
  );
};
