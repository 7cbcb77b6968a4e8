// SPDX-License-Identifier: MIT
import type { RE2JS } from 're2js';
import type { HistorySettings } from '../../shared/ipc/history';
import { compileLinearPattern } from '../context/redaction/user-pattern';

/**
 * Which command lines stay out of history: as bash's HISTCONTROL=ignorespace, a line typed with a
 * leading space (the shell's own habit for "don't keep this"), and lines matching the user's
 * patterns. Patterns run on RE2 (linear time) and are checked when saved (settings/validate.ts),
 * so one that fails to compile here is skipped rather than stopping every recording.
 */
export class CommandExclusion {
  private _ignoreSpace = true;
  private _patterns: RE2JS[] = [];

  update(settings: Pick<HistorySettings, 'ignoreSpace' | 'excludePatterns'>): void {
    this._ignoreSpace = settings.ignoreSpace;
    this._patterns = settings.excludePatterns.flatMap((pattern) => {
      try {
        return [compileLinearPattern({ kind: 'exclude', pattern, caseInsensitive: false })];
      } catch {
        return [];
      }
    });
  }

  readonly excludes = (commandLine: string): boolean => {
    if (this._ignoreSpace && /^[ \t]/.test(commandLine)) return true;
    return this._patterns.some((re) => re.matcher(commandLine).find());
  };
}
