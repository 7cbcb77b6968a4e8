// SPDX-License-Identifier: MIT
import { actionFor, isKeyRecorder, type AppAction } from './keybindings';

let holding: { readonly stop: () => void; readonly held: AppAction[] } | undefined;

/**
 * Keeps the app's shortcuts pressed before the app listens for them (the first terminal is drawn
 * before the app's code is evaluated, lazy/first-terminal.ts): Ctrl+Shift+T typed at start-up opens
 * a tab once the app is up, instead of reaching the shell as a control character. Every other key
 * goes on to the terminal as typed. The context-menu key is left alone: its meaning depends on
 * where focus is, which the app decides.
 */
export const holdAppKeys = (): void => {
  if (holding) return;
  const held: AppAction[] = [];
  const onKey = (event: KeyboardEvent) => {
    const action = isKeyRecorder(event.target) ? undefined : actionFor(event);
    if (!action || action === 'tab-menu') return;
    event.preventDefault();
    event.stopPropagation();
    held.push(action);
  };
  window.addEventListener('keydown', onKey, true);
  holding = { stop: () => window.removeEventListener('keydown', onKey, true), held };
};

/** Stops holding and hands over what was held, in the order pressed: called once the app listens itself. */
export const takeHeldKeys = (): readonly AppAction[] => {
  const current = holding;
  holding = undefined;
  current?.stop();
  return current?.held ?? [];
};
