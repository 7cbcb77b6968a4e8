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

/**
 * Exits a fix cannot help with: the user stopped the command at the keyboard (Ctrl+C 130, Ctrl+\
 * 131, Ctrl+Z 148 in bash and zsh). Any other non-zero exit is a failure a fix may help with.
 */
const STOPPED_BY_USER = new Set([130, 131, 148]);

/** A command that ended with this exit status is offered quick fixes (a lightbulb on its mark and row). */
export const fixableExit = (exitCode: number | null): boolean => exitCode !== null && exitCode !== 0 && !STOPPED_BY_USER.has(exitCode);

/** Opens the quick fixes of a failed command, next to the gutter mark's lightbulb that asked. */
export type GutterQuickFixHandler = (commandId: string, at: { readonly x: number; readonly y: number }, opener: HTMLElement) => void;
let gutterQuickFix: GutterQuickFixHandler | undefined;

/**
 * Whether a failed command has a fix to offer: true or false once known, undefined while asked
 * (`then` runs when the answer is in). Installed with the handler (the quick-fix module answers it).
 */
export type GutterFixAvailability = (commandId: string, then: () => void) => boolean | undefined;
let gutterFixAvailability: GutterFixAvailability | undefined;

/** Installs what the lightbulb of a failed command's gutter mark opens (see onGutterMenu) and when it shows; returns the uninstall. */
export const onGutterQuickFix = (handler: GutterQuickFixHandler, available?: GutterFixAvailability): (() => void) => {
  gutterQuickFix = handler;
  gutterFixAvailability = available;
  return () => {
    if (gutterQuickFix !== handler) return;
    gutterQuickFix = undefined;
    gutterFixAvailability = undefined;
  };
};

/** A failed command's mark shows its lightbulb only once a fix is known to exist (always, with nothing installed to ask). */
export const gutterFixShown = (commandId: string, then: () => void): boolean =>
  gutterFixAvailability ? gutterFixAvailability(commandId, then) === true : true;

/** A lightbulb (16×16 box): the mark of offered fixes, in the gutter and on a command's row alike. */
export const LIGHTBULB_PATHS = [
  'M5.6 10.6C4.4 9.7 3.6 8.4 3.6 6.9a4.4 4.4 0 0 1 8.8 0c0 1.5-.8 2.8-2 3.7v1.4H5.6z',
  'M6 13.6h4',
  'M6.8 15.2h2.4',
] as const;

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The lightbulb button a failed command's gutter mark carries (undefined while nothing is installed
 * to open the fixes). Its click opens them and does not reach the mark (whose click attaches the
 * command to the assistant); built with the DOM, as xterm decorations are plain elements.
 */
const gutterQuickFixButton = (commandId: string): HTMLButtonElement | undefined => {
  if (!gutterQuickFix) return undefined;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'command-gutter-fix';
  button.dataset.testid = 'quick-fix-gutter';
  button.dataset.commandId = commandId;
  button.setAttribute('aria-label', 'Quick fixes');
  button.setAttribute('aria-haspopup', 'menu');
  button.title = 'Quick fixes: what worked after this failed before, or ask the assistant';
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    viewBox: '0 0 16 16',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '1.6',
    'aria-hidden': 'true',
  }))
    svg.setAttribute(name, value);
  for (const d of LIGHTBULB_PATHS) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
  }
  button.appendChild(svg);
  button.onclick = (event) => {
    event.stopPropagation();
    const box = button.getBoundingClientRect();
    gutterQuickFix?.(commandId, { x: box.left, y: box.bottom + 2 }, button);
  };
  button.oncontextmenu = (event) => event.stopPropagation();
  return button;
};

/**
 * Writes a mark's glyph, with the lightbulb when `fixFor` (the failed command's id) is given. xterm
 * renders a decoration again on every refresh: left as it is when nothing changed, so a focused
 * lightbulb keeps the focus while output scrolls.
 */
export const renderGutterGlyph = (element: HTMLElement, glyph: string, fixFor: string | undefined): void => {
  const wanted = fixFor !== undefined && gutterQuickFix !== undefined ? fixFor : undefined;
  const shown = element.querySelector<HTMLElement>('.command-gutter-fix')?.dataset.commandId;
  const text = element.firstChild?.nodeType === Node.TEXT_NODE ? element.firstChild.nodeValue : '';
  if (text === glyph && shown === wanted) return;
  element.textContent = glyph;
  const button = wanted === undefined ? undefined : gutterQuickFixButton(wanted);
  if (button) element.appendChild(button);
};
