// SPDX-License-Identifier: MIT
import { useEffect, useSyncExternalStore } from 'react';
import { loadQuickFixes } from './quick-fix-actions';

/**
 * Whether a failed command has any quick fix, asked once per command: its lightbulb (row and gutter
 * mark) shows only then, since a lightbulb that opens on "No fix" is noise on every failure. The
 * asks go one at a time (a list may open on many failures), and the answers are kept for the most
 * recent commands only. "Ask the assistant" stays in the command's actions menu either way.
 */
const KEPT = 500;
const known = new Map<string, boolean>();
const asked = new Set<string>();
const listeners = new Set<() => void>();
let queue: Promise<unknown> = Promise.resolve();

/** True / false once known; undefined while not yet asked or on its way. */
export const hasFixes = (commandId: string): boolean | undefined => known.get(commandId);

/** Asks main once for `commandId`'s fixes; `then` runs when the answer is in (at once when known). */
export const askFixes = (commandId: string, then?: () => void): void => {
  if (known.has(commandId)) return void then?.();
  if (asked.has(commandId)) {
    if (then) whenKnown(commandId, then);
    return;
  }
  asked.add(commandId);
  if (then) whenKnown(commandId, then);
  queue = queue.then(() =>
    loadQuickFixes(commandId).then(
      (fixes) => settle(commandId, fixes.length > 0),
      // A failed ask shows no lightbulb; the actions menu still opens the fixes.
      () => settle(commandId, false),
    ),
  );
};

const whenKnown = (commandId: string, then: () => void): void => {
  const listener = () => {
    if (!known.has(commandId)) return;
    listeners.delete(listener);
    then();
  };
  listeners.add(listener);
};

const settle = (commandId: string, some: boolean): void => {
  known.set(commandId, some);
  asked.delete(commandId);
  if (known.size > KEPT) known.delete(known.keys().next().value!);
  for (const listener of [...listeners]) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The row's view of it: asks when `fixable`, answers whether a fix exists (undefined while unknown). */
export const useHasFixes = (commandId: string, fixable: boolean): boolean | undefined => {
  useEffect(() => {
    if (fixable) askFixes(commandId);
  }, [commandId, fixable]);
  return useSyncExternalStore(subscribe, () => (fixable ? known.get(commandId) : false));
};
