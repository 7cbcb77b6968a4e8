// SPDX-License-Identifier: MIT

/** Opens a command's actions menu at viewport coordinates, next to the mark that asked. */
export type GutterMenuHandler = (commandId: string, at: { readonly x: number; readonly y: number }, mark: HTMLElement) => void;
let gutterMenu: GutterMenuHandler | undefined;

/**
 * What a right-click (or the context-menu key's click) on a gutter mark opens: the command's
 * actions. Installed from outside, like the click's handler, so terminal/ never imports the
 * commands UI; returns the uninstall. Without one, the mark keeps the browser's own menu.
 */
export const onGutterMenu = (handler: GutterMenuHandler): (() => void) => {
  gutterMenu = handler;
  return () => {
    if (gutterMenu === handler) gutterMenu = undefined;
  };
};

/** Opens the command actions menu a gutter mark's right-click opens (false without a handler installed). */
export const openCommandMenu = (commandId: string, at: { readonly x: number; readonly y: number }, opener: HTMLElement): boolean => {
  if (!gutterMenu) return false;
  gutterMenu(commandId, at, opener);
  return true;
};

/** The installed handler, read at each right-click (it is installed after the marks exist). */
export const gutterMenuHandler = (): GutterMenuHandler | undefined => gutterMenu;
