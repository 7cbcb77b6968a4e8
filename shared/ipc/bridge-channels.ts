// SPDX-License-Identifier: MIT

/**
 * The Electron transport's fixed names. The three Electron IPC channels carry every contract
 * channel (its name travels inside the message), so the preload stays a few lines. They live with
 * the contract because both ends need them: the preload (and the page, for the global) and main's
 * ipcMain transport; main must not import the preload.
 */
export const IPC_INVOKE = 'contexterm:invoke';
export const IPC_SEND = 'contexterm:send';
export const IPC_EVENT = 'contexterm:event';

/** Name of the object exposed on `window` by the preload. */
export const BRIDGE_GLOBAL = 'contextermBridge';
