// SPDX-License-Identifier: MIT
import type { SegmentationMode } from '../../shared/domain/segmentation';

/**
 * What the segmenter reports. It has its own file because the segmenter and the heuristic detector
 * it drives both produce these, and neither should import the other for a type.
 *
 * Offsets count bytes of the stream `output()` returns (marks removed, nonce redacted), from the
 * start of the session. `at` is when the boundary was seen (`now()` of the call that carried it;
 * for a heuristic prompt, of the output that drew the prompt line, which can be well before the
 * keystroke that confirmed it).
 */
/**
 * The history rules an integrated shell reported at its last prompt (MarkProperty.HistControl and
 * HistIgnore), in bash's words: zsh's HIST_IGNORE_SPACE and fish's leading space come as
 * `ignorespace`.
 */
export interface ShellHistoryRules {
  /** As HISTCONTROL: `:`-separated (ignorespace, ignoreboth, ignoredups, erasedups). */
  readonly control: string;
  /** As HISTIGNORE: `:`-separated bash patterns, `&` for the previous history line. */
  readonly ignore: string;
}

export type SegmentEvent =
  | { type: 'prompt'; offset: number; at: number }
  | {
      type: 'command-start';
      offset: number;
      commandLine: string | null;
      cwd: string | null;
      hostname: string | null;
      source: 'integrated' | 'heuristic';
      at: number;
      /** Where the typed line's echo began (the prompt's end mark), when the shell marked it. */
      inputStart?: number;
      /** The shell's history rules, when it reported them. */
      history?: ShellHistoryRules;
      /** The shell said it keeps this line out of its history (zsh's HISTORY_IGNORE matched it). */
      shellKeptOut?: true;
    }
  /**
   * `commandLine`: the whole line, when the shell learned it only after the start (a paste).
   * `durationMs`: how long it ran by the shell's own clock, when the shell said (OSC 133;D).
   */
  | { type: 'command-end'; offset: number; exitCode: number | null; commandLine?: string; durationMs?: number; at: number }
  | { type: 'cwd'; cwd: string; at: number }
  | { type: 'hostname'; hostname: string; at: number }
  | { type: 'user'; user: string; at: number }
  | { type: 'mode'; mode: SegmentationMode; at: number }
  /**
   * A remote shell started by our ssh function asks for the integration (see ssh/bootstrap.sh):
   * `host` as the user typed it, `shell` and `user` as the remote reported them. Answer it by
   * writing the payload to the pty and calling `enterRemote`, or with the fallback payload.
   */
  | { type: 'ssh-request'; id: string; host: string; shell: string; user: string; at: number }
  /** Our ssh ended without the remote asking: that host ran no shell for the bootstrap. */
  | { type: 'ssh-unanswered'; host: string; exitCode: number; at: number }
  /** The remote shell's first mark (again after `fg`): its records from here, the local command waits. */
  | { type: 'remote-start'; offset: number; at: number }
  /** The integrated remote shell is gone (a mark of the local shell came): local records again. */
  | { type: 'remote-end'; offset: number; at: number };

export type SshRequest = Extract<SegmentEvent, { type: 'ssh-request' }>;
