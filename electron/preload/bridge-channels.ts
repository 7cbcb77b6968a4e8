// SPDX-License-Identifier: MIT

/** The three Electron IPC channels that carry every contract channel (named inside the message). */
export const IPC_INVOKE = 'contexterm:invoke';
export const IPC_SEND = 'contexterm:send';
export const IPC_EVENT = 'contexterm:event';

/** Name of the object exposed on `window` by the preload. */
export const BRIDGE_GLOBAL = 'contextermBridge';
