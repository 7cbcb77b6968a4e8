// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';

export const formatDuration = (ms: number): string => {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} m ${Math.round((ms % 60_000) / 1000)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} m`;
};

/** A finished command's duration; running ones show a ticking `Elapsed` instead. */
export const commandDuration = (command: CommandRecord): string =>
  command.endedAt === null ? '' : formatDuration(command.endedAt - command.startedAt);

/** `~` for the home directory, so rows stay short. */
export const shortPath = (path: string | null, home: string | undefined): string => {
  if (!path) return '';
  if (home && (path === home || path.startsWith(home + '/'))) return '~' + path.slice(home.length);
  return path;
};

export type CommandStatus = 'running' | 'ok' | 'failed' | 'unknown' | 'interrupted';

/** `interrupted`: cut off when the app died, ended at its last recorded byte; not the same as a missing exit status. */
export const statusOf = (command: CommandRecord): CommandStatus => {
  if (command.interrupted) return 'interrupted';
  if (command.endedAt === null) return 'running';
  if (command.exitCode === null) return 'unknown';
  return command.exitCode === 0 ? 'ok' : 'failed';
};
