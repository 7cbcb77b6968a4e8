// SPDX-License-Identifier: MIT
import type { ILinkHandler } from '@xterm/xterm';
import { toExternalUrl } from '../../shared/ipc/external-url';

/** The modifier keys of a mouse or key event. */
export interface ModifierState {
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
}

export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent || '');

/** Whether a click opens a link: Ctrl held, or Cmd on macOS (where Ctrl+click is the context menu). */
export const linkModifierHeld = (event: ModifierState, mac = isMac()): boolean => (mac ? event.metaKey : event.ctrlKey);

/** The hover hint on a link in the terminal. */
export const linkHint = (mac = isMac()): string => `${mac ? 'Cmd' : 'Ctrl'}+click to open the link`;

/** How a link leaves the page: injected so that the routing can be tested without a DOM or a host. */
export interface LinkOpeners {
  /** Read per click: the transport is known once the page has connected. */
  readonly host: () => 'electron' | 'web';
  /** Desktop: main opens it with shell.openExternal (the app:open-external channel). */
  readonly sendExternal: (url: string) => void;
  /** Browser mode: a new tab without opener or referrer. */
  readonly openWindow: (url: string) => void;
  /** A blocking yes/no question (window.confirm, as xterm.js itself asks for OSC 8 links). */
  readonly confirm: (message: string) => boolean;
}

export interface LinkRouter {
  /** A link whose text is its target (a URL printed in the terminal): opened on Ctrl+click. */
  open(raw: string): boolean;
  /** A link whose target is hidden behind other text (OSC 8, markdown): opened only if confirmed. */
  openConfirmed(raw: string): boolean;
}

/** xterm.js's own wording for OSC 8 links, so browser mode and the desktop ask the same question. */
export const confirmMessage = (url: string): string =>
  `Do you want to navigate to ${url}?\n\nWARNING: This link could potentially be dangerous`;

/**
 * One path for every link in both hosts. The URL is normalised and checked (http/https only, no
 * control characters or credentials) before anything is shown or opened, and the confirmation
 * shows the normalised URL: what the user agrees to is exactly what is opened. In the desktop app
 * main checks it again before the OS sees it.
 */
export const createLinkRouter = (openers: LinkOpeners): LinkRouter => {
  const deliver = (url: string): boolean => {
    if (openers.host() === 'electron') openers.sendExternal(url);
    else openers.openWindow(url);
    return true;
  };
  return {
    open: (raw) => {
      const url = toExternalUrl(raw);
      return url !== undefined && deliver(url);
    },
    openConfirmed: (raw) => {
      const url = toExternalUrl(raw);
      return url !== undefined && openers.confirm(confirmMessage(url)) && deliver(url);
    },
  };
};

/**
 * xterm.js's `linkHandler` option, which activates OSC 8 hyperlinks. Without it xterm opens them
 * with `window.open()` and no URL, which the desktop app refuses, so they never opened there.
 * Non-http(s) OSC 8 targets (file:, ssh:, …) stay plain text: xterm does not even underline them.
 */
export const hyperlinkHandler = (
  openConfirmed: (url: string) => unknown,
  held: (event: ModifierState) => boolean = linkModifierHeld,
): ILinkHandler => ({
  allowNonHttpProtocols: false,
  activate: (event, uri) => {
    event.preventDefault();
    if (held(event)) openConfirmed(uri);
  },
});

/**
 * The web-links addon's click handler: URLs found in the output open like any visible link, with
 * Ctrl+click (Cmd+click on macOS). A plain click is the terminal's: it selects, as in VS Code.
 */
export const webLinkActivate =
  (open: (url: string) => unknown, held: (event: ModifierState) => boolean = linkModifierHeld) =>
  (event: MouseEvent, uri: string): void => {
    if (!held(event)) return;
    event.preventDefault();
    open(uri);
  };
