// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { CommandRecord } from '../domain/command';
import { HistoryQuery } from '../domain/history-query';
import { HistoryTotal } from './history';
import { event, invoke } from './define';
import { SessionInfo } from './session';

const SessionId = z.string().min(1).max(128);
const CommandIdString = z.string().min(3).max(160);

/** One offered fix: `source` says where it came from (only `history` from `commands:quick-fixes`). */
export const QuickFixItem = z.object({
  commandLine: z.string(),
  source: z.enum(['history', 'assistant']),
  kind: z.enum(['typo', 'sudo', 'added-flag', 'removed-flag', 'changed-argument']),
  count: z.number().int().min(1),
  lastUsedAt: z.number(),
  /**
   * `after-failure`: it ran after such a failure; `frequent-line`: the failed line misspells a line
   * that often worked there; `tool-hint`: the failed program's own "did you mean"; `known-program` /
   * `known-subcommand`: the failed line misspells a program or subcommand that worked before
   * (`count` runs); `on-path`: it misspells a program on PATH.
   */
  origin: z.enum(['after-failure', 'frequent-line', 'tool-hint', 'known-program', 'known-subcommand', 'on-path']),
});
export type QuickFixItem = z.infer<typeof QuickFixItem>;

/** At most this many raw output bytes are read for one `commands:output` answer (head and tail halves). */
export const OUTPUT_MAX_BYTES = 64 * 1024 * 1024;

/** Most runs one `commands:runs` answer holds (the command asked about may make one more). */
export const COMMAND_RUNS_MAX = 200;

export const commandsChannels = {
  /** A session's most recent commands, newest last. */
  'commands:list': invoke(
    z.strictObject({ sessionId: SessionId, limit: z.number().int().min(1).max(1000).optional() }),
    z.array(CommandRecord),
  ),
  /**
   * The one history engine's words mode over every recorded command, ended sessions included: records
   * holding more of the words first, narrowed by the filters; one page (`offset`, `limit`) and the total.
   */
  'commands:search': invoke(HistoryQuery.omit({ mode: true }), HistoryTotal.extend({ commands: z.array(CommandRecord) })),
  'commands:get': invoke(z.strictObject({ id: CommandIdString }), z.object({ command: CommandRecord, cleanOutput: z.string().nullable() })),
  /**
   * A command's whole recorded output, read from the store (not the 32 KB clean text kept for search):
   * `ansi` is the raw bytes as UTF-8 text, escapes and all (for a terminal-like viewer); `plain` has
   * escapes removed and `\r` redraws applied, lines ending in `\n` (for the clipboard). Ranges the
   * store no longer holds (the per-command cap's middle, paused or excluded output) appear as one
   * `… N bytes not kept …` line each; past OUTPUT_MAX_BYTES only the head and tail are read and
   * `truncated` is true. `bytes`: raw bytes of the command's range, kept or not.
   */
  'commands:output': invoke(
    z.strictObject({ id: CommandIdString, format: z.enum(['ansi', 'plain']) }),
    z.object({ command: CommandRecord, text: z.string(), bytes: z.number().int().min(0), truncated: z.boolean() }),
  ),
  /**
   * Fixes for a failed command learned from the user's own history, without a model: lines that
   * worked after the same or a near-identical failure (electron/agent/quick-fix), best first.
   * `count`: how often that fix followed such a failure (or, for a typo of a line that often worked
   * in that folder, how often that line worked); `lastUsedAt`: when it last ran. Empty for a command
   * that did not fail, is not in the store (a private terminal's) or has no recorded line.
   */
  'commands:quick-fixes': invoke(z.strictObject({ commandId: CommandIdString }), z.object({ fixes: z.array(QuickFixItem) })),
  /**
   * Earlier (and later) runs of a command's exact line, newest first, for comparing runs: in its
   * directory on its host, or `anywhere`. The command itself is always among them; `capped`: more
   * runs exist than `limit` (default and most COMMAND_RUNS_MAX). Forgotten commands are left out;
   * an unknown id (a private terminal's command) is `not-found`.
   */
  'commands:runs': invoke(
    z.strictObject({
      commandId: CommandIdString,
      anywhere: z.boolean().optional(),
      limit: z.number().int().min(1).max(COMMAND_RUNS_MAX).optional(),
    }),
    z.object({ runs: z.array(CommandRecord), capped: z.boolean() }),
  ),
  /** A command started or finished somewhere. */
  'commands:updated': event(z.object({ command: CommandRecord })),
  /** A session changed: its segmentation mode, cwd or end. */
  'session:updated': event(z.object({ session: SessionInfo })),
} as const;
