// SPDX-License-Identifier: MIT
// `bin/contexterm`: the history CLI and the MCP server, a third host beside electron/main and
// electron/web. It only reads the app's database: no pty, no lock, no migration (history-db.ts).
import { parseCli, type CliCommand } from './args';
import { describeFailure } from './cli-error';
import { writePrivateFile } from './export-file';
import { chooseDataDir } from './data-dir-default';
import { HistoryDb } from './history-db';
import { formatStats, historyStats, searchHistory, showCommand } from './history-commands';
import { serveMcp } from './mcp-serve';
import { exportSessionAsciicast, exportSessionJson } from './session-export';

declare const __APP_VERSION__: string;

/** A closed pipe (`| head`) is the reader being done, not an error (the MCP server says why it ends itself). */
const quietOnClosedPipe = (): void => {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
};

const write = (text: string): Promise<void> =>
  new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));

const withDb = async <T>(dataDir: string | undefined, run: (db: HistoryDb) => Promise<T>): Promise<T> => {
  const db = HistoryDb.open(chooseDataDir(dataDir));
  try {
    return await run(db);
  } finally {
    db.close();
  }
};

const runHistory = async (command: Exclude<CliCommand, { kind: 'help' | 'version' | 'mcp' }>): Promise<void> =>
  withDb(command.dataDir, async (db) => {
    const redactor = await db.redactor();
    switch (command.kind) {
      case 'search':
        return write(searchHistory(db, redactor, command.query, command.limit, command.json));
      case 'show':
        return write(showCommand(db, redactor, command.id, { coloured: !command.plain && process.stdout.isTTY === true, json: command.json }));
      case 'stats':
        return write(formatStats(historyStats(db, redactor), command.json));
      case 'export': {
        const text = command.format === 'json' ? exportSessionJson(db, redactor, command.sessionId) : exportSessionAsciicast(db, redactor, command.sessionId);
        if (command.output === undefined) return write(text);
        writePrivateFile(command.output, text);
      }
    }
  });

const main = async (): Promise<void> => {
  const command = parseCli(process.argv.slice(2));
  if (command.kind !== 'mcp') quietOnClosedPipe();
  switch (command.kind) {
    case 'help':
      return write(`${command.text}\n`);
    case 'version':
      return write(`${__APP_VERSION__}\n`);
    case 'mcp':
      // The database is opened by the first tool call that finds it (mcp-server.ts), not here.
      return serveMcp(chooseDataDir(command.dataDir));
    default:
      return runHistory(command);
  }
};

main().catch((error: unknown) => {
  const { line, exitCode } = describeFailure(error);
  process.stderr.write(`${line}\n`);
  process.exitCode = exitCode;
});
