// SPDX-License-Identifier: MIT

/**
 * A transport's `Client.onClose` (router.ts): each listener runs once when the transport closes,
 * and at once when it is added after that (a request answered after its page went away must not
 * leave what it set up waiting for a close that already happened). `onError`: what a throwing
 * listener's error goes to, so the others still run; without it, the error propagates.
 */
export const closeSignal = (onError?: (error: unknown) => void): { onClose(listener: () => void): void; close(): void } => {
  const listeners: Array<() => void> = [];
  let closed = false;
  const run = (listener: () => void) => {
    if (!onError) return listener();
    try {
      listener();
    } catch (error) {
      onError(error);
    }
  };
  return {
    onClose: (listener) => {
      if (closed) run(listener);
      else listeners.push(listener);
    },
    close: () => {
      closed = true;
      for (const listener of listeners.splice(0)) run(listener);
    },
  };
};
