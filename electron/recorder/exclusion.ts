// SPDX-License-Identifier: MIT
import type { RE2JS } from 're2js';
import type { HistorySettings } from '../../shared/ipc/history';
import { compileLinearPattern } from '../context/redaction/user-pattern';
import type { ShellHistoryRules } from '../segmenter/segmenter';
import type { TypedLine } from './echoed-line';
import { shellKeepsOut } from './history-rules';

/** One command line to judge, in every form it was seen in (the shell's report, the typed echo). */
export interface ExclusionQuery {
  readonly forms: readonly string[];
  /** The rules the shell reported at its prompt; null for a shell that does not say (heuristic). */
  readonly rules: ShellHistoryRules | null;
  /** The previous line the shell kept in its history, for HISTIGNORE's `&`. */
  readonly previous: string | null;
  /** The shell itself said it keeps this line out (zsh's HISTORY_IGNORE, which only zsh matches). */
  readonly keptOut?: boolean;
}

/**
 * The forms of a command line to judge: the line to record and, when it is exactly what was typed
 * (or the shell said nothing), the echo, where a leading space survives frameworks that trim the
 * line or read it back from history (bash-preexec, bash-it).
 */
export const formsToJudge = (line: string, reported: string | null, typed: TypedLine | null): string[] =>
  typed && (typed.plain || reported === null) && typed.line !== line ? [line, typed.line] : [line];

/** Who keeps a line out: the shell's own history rules, or the user's patterns. */
export type ExclusionVerdict = 'shell' | 'pattern' | null;

/**
 * Which command lines stay out of history. With "follow the shell's history rules" on (the
 * default), what the shell itself keeps out of its history: the rules it reports at each prompt
 * (history-rules.ts), applied here to the line as typed, because frameworks such as bash-preexec
 * read the line after bash dropped or trimmed it; a shell that reports none (sh, dash, PowerShell:
 * heuristic mode) keeps out a line typed with a leading space, the common habit. Then the user's
 * patterns, on RE2 (linear time), checked when saved (settings/validate.ts), so one that fails to
 * compile here is skipped rather than stopping every recording.
 */
export class CommandExclusion {
  private _followShell = true;
  private _patterns: RE2JS[] = [];

  update(settings: Pick<HistorySettings, 'ignoreSpace' | 'excludePatterns'>): void {
    this._followShell = settings.ignoreSpace;
    this._patterns = settings.excludePatterns.flatMap((pattern) => {
      try {
        return [compileLinearPattern({ kind: 'exclude', pattern, caseInsensitive: false })];
      } catch {
        return [];
      }
    });
  }

  readonly excludes = ({ forms, rules, previous, keptOut = false }: ExclusionQuery): ExclusionVerdict => {
    if (this._followShell && (keptOut || forms.some((line) => (rules ? shellKeepsOut(line, rules, previous) : /^[ \t]/.test(line)))))
      return 'shell';
    return forms.some((line) => this._patterns.some((re) => re.matcher(line).find())) ? 'pattern' : null;
  };
}
