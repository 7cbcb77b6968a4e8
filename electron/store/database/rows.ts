// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import type { SegmentationMode } from '../../../shared/domain/segmentation';
import type { SessionInfo } from '../../../shared/ipc/session';

/** Columns read into a SessionInfo, in one place so every query returns the same shape. */
export const SESSION_COLUMNS = 'id, started_at, ended_at, shell, hostname, cwd, title, mode';

export interface SessionRow {
  id: string;
  started_at: number;
  ended_at: number | null;
  shell: string;
  hostname: string;
  cwd: string;
  title: string;
  mode: SegmentationMode;
}

export const toSessionInfo = (row: SessionRow): SessionInfo => ({
  id: row.id,
  shell: row.shell,
  hostname: row.hostname,
  cwd: row.cwd,
  title: row.title,
  mode: row.mode,
  startedAt: row.started_at,
  endedAt: row.ended_at,
});

/**
 * Columns read into a CommandRecord. `clean_output` is left out on purpose: it can be tens of KB
 * per command and only readCleanOutput needs it.
 */
export const COMMAND_COLUMNS =
  'c.id, c.session_id, c.seq, c.command_line, c.cwd, c.hostname, c.shell, c.started_at, c.ended_at, ' +
  'c.exit_code, c.output_start, c.output_end, c.output_summary, c.source, c.interrupted, ' +
  '(SELECT json_array(r.host, r.user) FROM command_remotes r WHERE r.command_id = c.id) AS remote, ' +
  '(SELECT a.actor FROM command_actors a WHERE a.command_id = c.id) AS ran_by, ' +
  '(SELECT d.device_name FROM command_devices d WHERE d.command_id = c.id) AS device';

export interface CommandRow {
  id: string;
  session_id: string;
  seq: number;
  command_line: string | null;
  cwd: string | null;
  hostname: string | null;
  shell: string | null;
  started_at: number;
  ended_at: number | null;
  exit_code: number | null;
  output_start: number;
  output_end: number | null;
  output_summary: string;
  source: CommandRecord['source'];
  interrupted: 0 | 1;
  /** `[host, user]` as JSON for a command run in an integrated remote shell, else null. */
  remote: string | null;
  /** `assistant` when the assistant typed it (command_actors), else null. */
  ran_by: 'assistant' | null;
  /** The device a synced record came from (command_devices), else null. */
  device: string | null;
}

export const toCommandRecord = (row: CommandRow): CommandRecord => ({
  id: row.id,
  sessionId: row.session_id,
  seq: row.seq,
  commandLine: row.command_line,
  cwd: row.cwd,
  hostname: row.hostname,
  shell: row.shell,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  exitCode: row.exit_code,
  outputStart: row.output_start,
  outputEnd: row.output_end,
  outputSummary: row.output_summary,
  source: row.source,
  interrupted: row.interrupted === 1,
  ...(row.remote === null ? {} : { remote: remoteOf(row.remote) }),
  ...(row.ran_by === 'assistant' ? { ranBy: 'assistant' as const } : {}),
  ...(row.device === null ? {} : { device: row.device }),
});

const remoteOf = (json: string): NonNullable<CommandRecord['remote']> => {
  const [host, user] = JSON.parse(json) as [string, string | null];
  return { host, user };
};
