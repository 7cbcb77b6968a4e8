// SPDX-License-Identifier: MIT

export type AppAction =
  | 'tab-new'
  | 'tab-close'
  | 'tab-next'
  | 'tab-previous'
  | 'copy'
  | 'paste'
  | 'find'
  | 'command-previous'
  | 'command-next'
  | 'assistant-toggle'
  | 'focus-switch'
  | 'side-toggle'
  | 'tab-menu';

/**
 * App shortcuts. They are taken in the capture phase, before xterm sees the key, so the shell never
 * receives them; everything else (including plain Ctrl+C/V) goes to the terminal untouched.
 */
export const actionFor = (event: KeyboardEvent): AppAction | undefined => {
  // The keyboard's context-menu keys open the active tab's menu (rename, pause recording, close);
  // the app only takes them where no field has a context menu of its own (see app.tsx).
  if (!event.ctrlKey && !event.altKey && !event.metaKey && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) return 'tab-menu';
  if (!event.ctrlKey || event.altKey || event.metaKey) return undefined;
  if (event.key === 'Tab') return event.shiftKey ? 'tab-previous' : 'tab-next';
  if (event.key === 'PageDown' && !event.shiftKey) return 'tab-next';
  if (event.key === 'PageUp' && !event.shiftKey) return 'tab-previous';
  if (event.key === 'ArrowUp' && !event.shiftKey) return 'command-previous';
  if (event.key === 'ArrowDown' && !event.shiftKey) return 'command-next';
  if (!event.shiftKey) return undefined;
  switch (event.code) {
    case 'KeyT':
      return 'tab-new';
    case 'KeyW':
      return 'tab-close';
    case 'KeyC':
      return 'copy';
    case 'KeyV':
      return 'paste';
    case 'KeyF':
      return 'find';
    case 'KeyA':
      return 'assistant-toggle';
    case 'KeyE':
      return 'focus-switch';
    case 'KeyB':
      return 'side-toggle';
    default:
      return undefined;
  }
};
