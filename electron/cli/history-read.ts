// SPDX-License-Identifier: MIT
import { remotePlaceOf, type CommandRecord } from '../../shared/domain/command';
import { outwardCommandLine, outwardFields, outwardLine, outwardOutput } from '../context/outward/outward-view';
import type { Redactor } from '../context/redaction';
import type { HistoryDb } from './history-db';

/** Every word of a query, as the full-text index splits them (letters and digits), lower-cased. */
const queryWords = (query: string): string[] => query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The command line with secrets replaced and controls shown as pictures (it may be printed to a terminal). */
export const redactedLine = (command: CommandRecord, redactor: Redactor): string | null => outwardCommandLine(command.commandLine, redactor);

/**
 * Full-text search whose hits are only those the redacted text still matches. The index holds the
 * recorded text as it was, secrets included: without this check a prefix search would answer "yes"
 * or "no" for `AKIA…` one character at a time, and so give a secret out without ever printing it.
 * Newest first; over-fetches so that dropped hits do not leave the page short.
 */
export const searchRedacted = (db: HistoryDb, redactor: Redactor, query: string, limit: number): CommandRecord[] => {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const hits = db.read((queries) => queries.searchCommands(query, Math.min(5000, limit * 3 + 10)));
  const kept: CommandRecord[] = [];
  for (const hit of [...hits].sort(newestFirst)) {
    const line = redactedLine(hit, redactor) ?? '';
    const output = redactor.enabled ? outwardOutput(hit.commandLine, db.read((queries) => queries.readCleanOutput(hit.id)) ?? '', redactor).text : '';
    const text = `${line}\n${output}`.toLowerCase();
    // With redaction off there is nothing to hide: the index's own answer stands.
    if (redactor.enabled && !words.every((word) => text.includes(word))) continue;
    kept.push(hit);
    if (kept.length === limit) break;
  }
  return kept;
};

export const newestFirst = (a: CommandRecord, b: CommandRecord): number => b.startedAt - a.startedAt || b.seq - a.seq;

/** The fields scripts get for a command (docs/cli-and-mcp.md): snake_case, times in epoch ms. */
export const commandSummary = (command: CommandRecord, redactor: Redactor) => ({
  id: command.id,
  command_line: redactedLine(command, redactor),
  cwd: outwardLine(command.cwd, redactor),
  exit_code: command.exitCode,
  started_at: command.startedAt,
});

/** `user@host` of a command run over ssh, else the machine it ran on; through the outward view. */
export const hostOf = (command: CommandRecord, redactor: Redactor): string | null => {
  const shown = outwardFields(command, redactor);
  return remotePlaceOf(shown) ?? shown.hostname;
};
