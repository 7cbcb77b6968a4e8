// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { remotePlaceOf } from '../../shared/domain/command-text';
import type { HistoryQuery } from '../../shared/domain/history-query';
import { outwardCommandLine, outwardFields, outwardLine, outwardOutput } from '../context/outward/outward-view';
import type { Redactor } from '../context/redaction';
import type { HistoryHit } from '../store/history-engine/engine';
import { queryWords } from '../store/history-engine/terms';
import type { HistoryDb } from './history-db';

/** The pieces of text the full-text index sees in a word (letters and digits), lower-cased. */
const tokens = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The command line with secrets replaced and controls shown as pictures (it may be printed to a terminal). */
export const redactedLine = (command: CommandRecord, redactor: Redactor): string | null =>
  outwardCommandLine(command.commandLine, redactor);

/** How many of the engine's candidates are checked beyond the page asked for, and read per round. */
const CHECK_SLACK = 100;
const CHECK_PAGE = 200;

export interface OutsideAnswer {
  readonly commands: CommandRecord[];
  readonly total: number;
  readonly totalExact: boolean;
}

/**
 * Whether the record still matches as it will be shown: the index holds the recorded text,
 * secrets included, so without this a prefix search (or a `--cwd`, `--host` range) would answer
 * "yes" or "no" for `AKIA…` one character at a time and give a secret out without printing it.
 * Each word the engine says the record holds must be in its redacted line or output; the
 * directory and host filters must still hold for its redacted directory and host.
 */
const stillMatches = (db: HistoryDb, redactor: Redactor, query: HistoryQuery, words: readonly string[], hit: HistoryHit): boolean => {
  const { command } = hit;
  if (query.cwd !== undefined) {
    const base = query.cwd.replace(/\/+$/u, '');
    const cwd = outwardLine(command.cwd, redactor) ?? '';
    if (cwd !== base && !cwd.startsWith(`${base}/`)) return false;
  }
  if (query.host !== undefined) {
    const shown = outwardFields(command, redactor);
    const place = `${shown.hostname ?? ''} ${shown.remote?.user ?? ''}@${shown.remote?.host ?? ''}`.toLowerCase();
    if (!tokens(query.host).every((token) => place.includes(token))) return false;
  }
  if (hit.matched.length === 0) return true;
  const line = (redactedLine(command, redactor) ?? '').toLowerCase();
  const needed = hit.matched.flatMap((index) => tokens(words[index] ?? '')).filter((token) => !line.includes(token));
  // A token cannot span the line and the output (letters and digits only), so the output, the
  // costly part (read, cleaned, redacted whole), is looked at only for what the line lacks.
  if (needed.length === 0) return true;
  const output = outwardOutput(
    command.commandLine,
    db.read((queries) => queries.readCleanOutput(command.id)) ?? '',
    redactor,
  ).text.toLowerCase();
  return needed.every((token) => output.includes(token));
};

/**
 * The one history engine (words mode) for what leaves the app: the CLI's `history search` and the
 * MCP `search_commands` tool, in the engine's order. With redaction on, a hit is kept only if it
 * still matches once redacted (stillMatches); only the candidates checked are redacted (the page
 * asked for plus CHECK_SLACK more at most), never every hit's whole output. When a checked
 * candidate was dropped, the total counts only what was checked and kept, as a lower bound: the
 * engine's own count would include records that matched only inside a secret.
 */
export const searchForOutside = (db: HistoryDb, redactor: Redactor, query: HistoryQuery): OutsideAnswer => {
  const asked: HistoryQuery = { ...query, mode: 'words' };
  const offset = asked.offset ?? 0;
  const limit = asked.limit ?? 50;
  const words = queryWords(asked.query);
  const checks = redactor.enabled && (words.length > 0 || asked.cwd !== undefined || asked.host !== undefined);
  if (!checks) {
    const answer = db.read((queries) => queries.searchHistory(asked));
    return { commands: answer.hits.map((hit) => hit.command), total: answer.total, totalExact: answer.totalExact };
  }
  const want = offset + limit;
  const kept: CommandRecord[] = [];
  let dropped = 0;
  let checked = 0;
  let engine = { total: 0, totalExact: true };
  while (kept.length < want && checked < want + CHECK_SLACK) {
    const page = db.read((queries) => queries.searchHistory({ ...asked, offset: checked, limit: Math.min(CHECK_PAGE, 1000) }));
    engine = { total: page.total, totalExact: page.totalExact };
    for (const hit of page.hits) {
      checked++;
      if (stillMatches(db, redactor, asked, words, hit)) kept.push(hit.command);
      else dropped++;
      if (kept.length === want) break;
    }
    if (page.hits.length < CHECK_PAGE) break;
  }
  const commands = kept.slice(offset, want);
  if (dropped === 0) return { commands, total: engine.total, totalExact: engine.totalExact };
  const exhausted = engine.totalExact && checked >= engine.total;
  return { commands, total: kept.length, totalExact: exhausted };
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
