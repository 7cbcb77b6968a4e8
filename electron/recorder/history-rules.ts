// SPDX-License-Identifier: MIT
import type { ShellHistoryRules } from '../segmenter/segmenter';
import { matchesBashPattern } from './bash-pattern';

/**
 * Whether the shell itself would keep `line` out of its history, by the rules it reported
 * (bash's words; see MarkProperty.HistControl in electron/segmenter/protocol/osc-protocol.ts):
 * `ignorespace` or `ignoreboth` and a line starting with a space (bash, zsh and fish test the space
 * alone), or a HISTIGNORE pattern matching the whole line, `&` being the previous history line.
 * `ignoredups` and `erasedups` only spare the shell's history a repeat: a repeated run is still a
 * run worth recording.
 */
export const shellKeepsOut = (line: string, rules: ShellHistoryRules, previous: string | null): boolean => {
  const control = rules.control.split(':');
  if ((control.includes('ignorespace') || control.includes('ignoreboth')) && line.startsWith(' ')) return true;
  return rules.ignore.split(':').some((pattern) => pattern !== '' && matchesBashPattern(pattern, line, previous));
};
