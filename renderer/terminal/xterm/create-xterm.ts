// SPDX-License-Identifier: MIT
import { FitAddon } from '@xterm/addon-fit';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { Terminal, type ITerminalOptions } from '@xterm/xterm';
import { TERMINAL_DEFAULTS } from './terminal-options';

/** An xterm.js with the addons every one in the app has. */
export interface Xterm {
  readonly term: Terminal;
  readonly fit: FitAddon;
}

/**
 * The one xterm.js set-up, for the terminals (terminal-controller.ts) and the output viewer
 * (commands/output-viewer.tsx): the app's defaults under `options`, fitting to its element and
 * Unicode 11 widths (emoji and CJK take the cells the shell expects).
 */
export const createXterm = (options: ITerminalOptions = {}): Xterm => {
  const term = new Terminal({ ...TERMINAL_DEFAULTS, ...options });
  const fit = new FitAddon();
  term.loadAddon(fit);
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  return { term, fit };
};
