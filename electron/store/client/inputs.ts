// SPDX-License-Identifier: MIT
import { commandId, type CommandRecord } from '../../../shared/domain/command';
import { capCleanOutput } from '../output/command-output';
import type { CommandRowInput, SessionRowInput } from '../worker/protocol';

export type CommandUpsert = CommandRecord & { readonly cleanOutput?: string };

/** Integer milliseconds, as stored; a non-number here would fail a whole batch in the worker, so it fails here. */
export const toMs = (name: string, value: number): number => {
  if (!Number.isFinite(value)) throw new TypeError(`${name} must be a finite number of milliseconds, got ${value}`);
  return Math.round(value);
};

const toMsOrNull = (name: string, value: number | null): number | null => (value === null ? null : toMs(name, value));

const toIntOrNull = (name: string, value: number | null): number | null => {
  if (value !== null && !Number.isSafeInteger(value)) throw new TypeError(`${name} must be an integer, got ${value}`);
  return value;
};

export const toSessionRow = (session: SessionRowInput): SessionRowInput => ({
  id: session.id,
  startedAt: toMs('startedAt', session.startedAt),
  shell: session.shell,
  hostname: session.hostname,
  cwd: session.cwd,
  title: session.title,
  mode: session.mode,
});

/** Copies only the known fields (callers may pass richer objects) and checks what SQLite's STRICT tables would reject. */
export const toCommandRow = (record: CommandUpsert): CommandRowInput => {
  if (record.id !== commandId(record.sessionId, record.seq)) {
    throw new TypeError(`command id ${record.id} is not ${commandId(record.sessionId, record.seq)}`);
  }
  return {
    id: record.id,
    sessionId: record.sessionId,
    seq: toIntOrNull('seq', record.seq)!,
    commandLine: record.commandLine,
    cwd: record.cwd,
    hostname: record.hostname,
    shell: record.shell,
    startedAt: toMs('startedAt', record.startedAt),
    endedAt: toMsOrNull('endedAt', record.endedAt),
    exitCode: toIntOrNull('exitCode', record.exitCode),
    outputStart: toIntOrNull('outputStart', record.outputStart)!,
    outputEnd: toIntOrNull('outputEnd', record.outputEnd),
    outputSummary: record.outputSummary,
    cleanOutput: record.cleanOutput === undefined ? null : capCleanOutput(record.cleanOutput),
    source: record.source,
    interrupted: record.interrupted === true,
    ranBy: record.ranBy === 'assistant' ? 'assistant' : null,
    remote: record.remote
      ? { host: String(record.remote.host), user: record.remote.user === null ? null : String(record.remote.user) }
      : null,
  };
};
