// SPDX-License-Identifier: MIT
// The `history` commands: imported by main.ts only when one is asked for, so that `--version` and
// `--help` never load SQLite, the store's queries, the settings schema (zod) or fuzzysort.
import { existsSync } from 'node:fs';
import { displayLine } from '../../shared/text/display-text';
import type { CliCommand } from './args';
import { writePrivateFile } from './export-file';
import { chooseDataDir } from './data-dir-default';
import { HistoryDb } from './history-db';
import { formatStats, historyStats, searchHistory, showCommand } from './history-commands';
import { formatSessions, listSessions } from './history-sessions';
import { exportSessionAsciicast, exportSessionJson } from './session-export';

export type HistoryCommand = Exclude<CliCommand, { kind: 'help' | 'version' | 'mcp' | 'sync' }>;

const withDb = async <T>(dataDir: string | undefined, run: (db: HistoryDb) => Promise<T>): Promise<T> => {
  const db = HistoryDb.open(chooseDataDir(dataDir));
  try {
    return await run(db);
  } finally {
    db.close();
  }
};

/** Runs one `history` command, handing what it prints to `write`. */
export const runHistory = async (command: HistoryCommand, write: (text: string) => Promise<void>): Promise<void> =>
  withDb(command.dataDir, async (db) => {
    const redactor = db.redactor();
    switch (command.kind) {
      case 'search': {
        const text = searchHistory(db, redactor, command.query, command.json);
        // Searched all the same: history outlives directories, and a remote command's never exist here.
        const { cwd } = command.query;
        if (cwd !== undefined && !existsSync(cwd))
          process.stderr.write(`contexterm: note: no directory ${displayLine(cwd)} on this machine; searched the recorded ones\n`);
        return write(text);
      }
      case 'show':
        return write(
          showCommand(db, redactor, command.id, { coloured: !command.plain && process.stdout.isTTY === true, json: command.json }),
        );
      case 'stats':
        return write(formatStats(historyStats(db, redactor), command.json));
      case 'sessions':
        return write(formatSessions(listSessions(db, redactor, command.limit), command.json));
      case 'export': {
        const text =
          command.format === 'json'
            ? exportSessionJson(db, redactor, command.sessionId)
            : exportSessionAsciicast(db, redactor, command.sessionId);
        if (command.output === undefined) return write(text);
        writePrivateFile(command.output, text);
      }
    }
  });

/**
 * The MCP server; the SDK, zod and ajv are loaded only here. The database is opened by the first tool
 * call that finds it (mcp-server.ts), not here, so the server answers its client either way.
 */
export const runMcp = async (dataDir: string | undefined): Promise<void> => {
  const { serveMcp } = await import('./mcp-serve');
  return serveMcp(chooseDataDir(dataDir));
};
