// SPDX-License-Identifier: MIT
import type { LiveTerminalOptions } from './xterm/terminal-options';

let defaults: LiveTerminalOptions = {};
/** A profile's own looks (scheme, font) over the terminal settings; undefined: the settings'. */
let forProfile: (profileId: string) => LiveTerminalOptions | undefined = () => undefined;
/** The profile each terminal was opened with. */
const profiles = new Map<string, string>();

/** What every terminal shows unless its profile says otherwise (Settings → Terminal, Profiles). */
export const setLooks = (options: LiveTerminalOptions, profileLooks?: (profileId: string) => LiveTerminalOptions | undefined): void => {
  defaults = options;
  if (profileLooks) forProfile = profileLooks;
};

export const rememberProfile = (terminalId: string, profileId: string | null): void => {
  if (profileId) profiles.set(terminalId, profileId);
  else profiles.delete(terminalId);
};

/**
 * The profile a terminal runs, for a terminal opened in its likeness (a split, a restart): '' for
 * the plain shell, which pty:spawn reads as "no profile" rather than as "the default profile".
 */
export const profileOf = (terminalId: string): string => profiles.get(terminalId) ?? '';

/** The options a terminal is shown with: its profile's looks, else the settings'. */
export const looksFor = (terminalId: string): LiveTerminalOptions => {
  const profileId = profiles.get(terminalId);
  return (profileId !== undefined && forProfile(profileId)) || defaults;
};
