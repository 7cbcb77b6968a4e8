// SPDX-License-Identifier: MIT

/**
 * Escape sequences, each alternative one kind: CSI, then OSC / DCS / SOS / PM / APC strings (to BEL
 * or ST, or to the end when cut off), then any other ESC sequence; finally lone C0 and C1 controls
 * other than \t \n \r and backspace.
 */
const SEQUENCE =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\|$)|\x1b[ -/]*[0-~]?|[\x00-\x07\x0b\x0c\x0e-\x1f\x7f\u0080-\u009f]/g;
const SGR = /^\x1b\[[0-9;:]*m$/;

/**
 * Recorded output made safe to print on the user's terminal with its colours: SGR (colour and
 * style) sequences and line controls are kept; everything else a recording may hold, from a
 * remote host too, is dropped: window titles, clipboard writes (OSC 52), links, the alternate
 * screen, cursor jumps, device queries whose answers a terminal would type into the shell.
 */
export const sgrOnly = (text: string): string => text.replace(SEQUENCE, (match) => (SGR.test(match) ? match : ''));
