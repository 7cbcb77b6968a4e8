// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import { controllerFor } from '../terminal/terminals';
import { whenDrawn } from '../terminal/xterm/first-draw';

/** How long the rest of the window waits for a silent shell before it loads anyway. */
const WAIT_CAP_MS = 3000;

let shown = false;

/**
 * True from the frame after the active terminal first drew output (its prompt), and for good after
 * that: what the first prompt does not need waits for it, so it never competes with it for the
 * page's one thread. A shell that prints nothing, or no terminal at all, releases it after 3 s.
 */
export const useFirstOutput = (activeId: string | undefined): boolean => {
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready) return undefined;
    const term = activeId === undefined ? undefined : controllerFor(activeId)?.term;
    return whenDrawn(term, WAIT_CAP_MS, () => {
      shown = true;
      setReady(true);
    });
  }, [activeId, ready]);
  return ready;
};
