// SPDX-License-Identifier: MIT

/**
 * The size a terminal starts at before any view has measured it: a window's first terminal, which
 * the server may open while the page still loads (electron/ipc/start.ts), and restored ones. The
 * view sends its own size once it is laid out; starting at the size the page asks for anyway
 * spares the shell a resize (and a redrawn prompt) on the way to the first prompt.
 */
export const FIRST_TERMINAL_SIZE = { cols: 100, rows: 30 } as const;
