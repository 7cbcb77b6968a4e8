// SPDX-License-Identifier: MIT
import type { SegmentEvent } from '../segmenter/segmenter';
import { EchoedLine, type TypedLine } from './echoed-line';
import { formsToJudge, type ExclusionQuery, type ExclusionVerdict } from './exclusion';

type CommandStart = Extract<SegmentEvent, { type: 'command-start' }>;

/** A command's line as the shell reported it or, failing that, as it was echoed; and whether history keeps it. */
export interface JudgedLine {
  readonly typed: TypedLine | null;
  readonly line: string | null;
  readonly excluded: boolean;
}

/**
 * The recording gate's view of one session's command lines: what the user typed (the shell's echo,
 * which frameworks cannot rewrite) and the history rules that decide whether a line is recorded at
 * all. It remembers the previous line the shell kept, which bash's `HISTIGNORE` `&` refers to.
 */
export class TypedLines {
  private readonly _echoed = new EchoedLine();
  /** The last line the shell kept in its history (an excluded line never was). */
  private _previous: string | null = null;

  constructor(private readonly _excludes: ((query: ExclusionQuery) => ExclusionVerdict) | undefined) {}

  append(clean: Buffer): void {
    this._echoed.append(clean);
  }

  prompt(offset: number, bytes: Buffer): void {
    this._echoed.prompt(offset, bytes);
  }

  /**
   * Without a command line from the shell (bash drops a line its HISTCONTROL ignores from history
   * before the integration can read it), goes by what the shell echoed as it was typed.
   */
  judge(event: CommandStart): JudgedLine {
    const typed = event.inputStart === undefined ? null : this._echoed.take(event.inputStart, event.offset);
    const line = event.commandLine ?? typed?.line ?? null;
    if (line === null) return { typed, line, excluded: false };
    const query = {
      forms: formsToJudge(line, event.commandLine, typed),
      rules: event.history ?? null,
      previous: this._previous,
      keptOut: event.shellKeptOut === true,
    };
    const verdict = this._excludes?.(query) ?? null;
    if (verdict !== 'shell') this._previous = line;
    return { typed, line, excluded: verdict !== null };
  }
}
