// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import { formatDuration } from './format';

/**
 * A running command's elapsed time, ticking once a second. Only running rows mount it, so a long
 * history costs no timers; the interval lives and dies with the row.
 */
export const Elapsed = ({ since }: { since: number }) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="command-duration running" data-testid="command-elapsed">
      {formatDuration(Math.max(0, now - since))}
    </span>
  );
};
