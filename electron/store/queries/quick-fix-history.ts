// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import type { StatementCache } from '../database/database';
import { COMMAND_COLUMNS, toCommandRecord, type CommandRow } from '../database/rows';

/** How far back a quick fix looks: habits older than a month are likelier to be stale than helpful. */
const QUICK_FIX_LOOKBACK_MS = 30 * 24 * 3_600_000;
/** Default cap on the commands matched before followers are added: bounds the read at any history size. */
export const QUICK_FIX_HISTORY_LIMIT = 2000;
/** Commands after an earlier failure, in its session, read as its possible fixes (a fix is rarely further). */
const QUICK_FIX_FOLLOWERS = 5;

/**
 * One read for electron/agent/quick-fix's finder. `hits`: the newest commands before the failure,
 * within the lookback, in its folder or starting with its program word (plain or under sudo), walked
 * newest first down the started_at index and capped. Then the few commands that followed each
 * failed hit in its session (the (session_id, seq) index), since a fix may have run after a `cd`
 * or in a folder with no other match. Named parameters because there are nine.
 */
export const QUICK_FIX_SQL = {
  failed: `SELECT c.rid, ${COMMAND_COLUMNS} FROM commands c WHERE c.id = ?`,
  history: `
    WITH hits AS MATERIALIZED (
      SELECT c.rid, c.session_id, c.seq, c.exit_code FROM commands c
      WHERE c.started_at >= @since AND c.started_at <= @until AND c.rid <> @rid
        AND (c.cwd = @cwd OR c.command_line = @word OR c.command_line LIKE @wordPrefix ESCAPE '\\'
          OR c.command_line = @sudoWord OR c.command_line LIKE @sudoPrefix ESCAPE '\\')
      ORDER BY c.started_at DESC LIMIT @limit
    ),
    picked AS (
      SELECT rid FROM hits
      UNION
      SELECT f.rid FROM hits h CROSS JOIN commands f
        ON f.session_id = h.session_id AND f.seq > h.seq AND f.seq <= h.seq + @followers
      WHERE h.exit_code <> 0
    )
    SELECT ${COMMAND_COLUMNS} FROM picked p CROSS JOIN commands c ON c.rid = p.rid ORDER BY c.started_at, c.rid`,
  /**
   * The program words (first word of the line) that worked on the failure's host within the
   * lookback, most used first: a program name typed wrong (`gti`) is matched against them.
   */
  programs: `
    SELECT substr(ltrim(c.command_line), 1, instr(ltrim(c.command_line) || ' ', ' ') - 1) AS word,
      count(*) AS runs, max(c.started_at) AS lastUsedAt
    FROM commands c
    WHERE c.started_at >= @since AND c.started_at <= @until AND c.exit_code = 0 AND c.command_line IS NOT NULL
      AND (SELECT r.host FROM command_remotes r WHERE r.command_id = c.id) IS @host
    GROUP BY word ORDER BY runs DESC LIMIT @limit`,
} as const;

/** How the user's history used a program: how often it worked and when it last did. */
interface ProgramUse {
  readonly word: string;
  readonly runs: number;
  readonly lastUsedAt: number;
}

/** Exit status of a program the shell could not find (bash, zsh, dash, fish alike). */
const NOT_FOUND_EXIT = 127;
/** Most program words read for a not-found failure. */
const PROGRAMS_LIMIT = 1000;

export interface QuickFixHistory {
  readonly failed: CommandRecord;
  /** Oldest first; may include commands after the failure (followers), which the finder ignores. */
  readonly history: CommandRecord[];
  /** For a program not found (exit 127) only: the programs that worked on its host (see QUICK_FIX_SQL.programs). */
  readonly programs?: ProgramUse[];
}

/** The word a LIKE pattern starts with, its wildcards and the escape character made literal. */
const likePrefix = (text: string): string => `${text.replace(/[\\%_]/gu, (ch) => `\\${ch}`)} %`;

/** The program word: the line's first word, past a leading `sudo`. */
const programWord = (line: string): string | undefined => {
  const words = line.trim().split(/\s+/u);
  return (words[0] === 'sudo' ? words[1] : words[0]) || undefined;
};

/**
 * What the quick-fix finder needs for the command `commandId`: the command and the history around
 * it (see QUICK_FIX_SQL). Undefined for an unknown id; a command with no line gets an empty history.
 */
export const readQuickFixHistory = (statements: StatementCache, commandId: string, limit: number): QuickFixHistory | undefined => {
  const row = statements.get(QUICK_FIX_SQL.failed).get(commandId) as (CommandRow & { rid: number }) | undefined;
  if (!row) return undefined;
  const failed = toCommandRecord(row);
  const word = failed.commandLine === null ? undefined : programWord(failed.commandLine);
  if (word === undefined) return { failed, history: [] };
  const rows = statements.get(QUICK_FIX_SQL.history).all({
    since: failed.startedAt - QUICK_FIX_LOOKBACK_MS,
    until: failed.startedAt,
    rid: row.rid,
    cwd: failed.cwd,
    word,
    wordPrefix: likePrefix(word),
    sudoWord: `sudo ${word}`,
    sudoPrefix: likePrefix(`sudo ${word}`),
    limit,
    followers: QUICK_FIX_FOLLOWERS,
  }) as CommandRow[];
  const history = rows.map(toCommandRecord);
  if (failed.exitCode !== NOT_FOUND_EXIT) return { failed, history };
  const programs = statements.get(QUICK_FIX_SQL.programs).all({
    since: failed.startedAt - QUICK_FIX_LOOKBACK_MS,
    until: failed.startedAt,
    host: failed.remote?.host ?? null,
    limit: PROGRAMS_LIMIT,
  }) as ProgramUse[];
  return { failed, history, programs: programs.filter((program) => program.word !== '') };
};
