// SPDX-License-Identifier: MIT
// `bin/contexterm`: the history CLI and the MCP server, a third host beside electron/main and
// electron/web. It only reads the app's database: no pty, no lock, no migration (history-db.ts).
// Only the argument parser is loaded up front: what a command needs (SQLite, the store, the MCP
// SDK) is imported once it is known, so `--version` and `--help` start about as fast as Node.
import { parseCli } from './args';
import { describeFailure, EXIT_CODES } from './cli-error';

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

const main = async (): Promise<void> => {
  const command = parseCli(process.argv.slice(2));
  if (command.kind !== 'mcp') quietOnClosedPipe();
  switch (command.kind) {
    case 'help':
      if (command.asked) return write(`${command.text}\n`);
      process.stderr.write(`${command.text}\n`);
      process.exitCode = EXIT_CODES.usage;
      return;
    case 'version':
      return write(`${__APP_VERSION__}\n`);
    case 'mcp':
      return (await import('./history-run')).runMcp(command.dataDir);
    case 'sync':
      return (await import('./sync/sync-run')).runSync(
        command.command,
        (await import('./data-dir-default')).chooseDataDir(command.command.dataDir),
        write,
      );
    default:
      return (await import('./history-run')).runHistory(command, write);
  }
};

main().catch((error: unknown) => {
  const { line, exitCode } = describeFailure(error);
  process.stderr.write(`${line}\n`);
  process.exitCode = exitCode;
});
