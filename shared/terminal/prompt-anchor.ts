// SPDX-License-Identifier: MIT

/**
 * Whether a prompt's mark was lost to a screen clear before its command started. Shells mark the
 * prompt once per prompt cycle (in precmd), but Ctrl+L clears the screen and redraws the prompt
 * at the top with no new mark: the marked line is erased (its marker disposed, line -1) or pushed
 * into the scrollback above the viewport. Either way the command's real prompt line is the top of
 * the viewport. Shared by the renderer's gutter and the main process's screen mirror, so a
 * reloaded window puts the mark where the live one did.
 */
export const clearedAway = (markerLine: number, viewportTop: number): boolean => markerLine < 0 || markerLine < viewportTop;
