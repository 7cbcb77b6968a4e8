// SPDX-License-Identifier: MIT
import { BackpressuredStdio } from './stdio/backpressured-stdio';
import { CliError, describeFailure } from './cli-error';
import { createMcpServer, LazyHistory } from './mcp-server';

declare const __APP_VERSION__: string;

/** Why the session ended, for stderr (MCP clients log it), and the exit code. */
interface Ending {
  readonly line: string;
  readonly exitCode: number;
}

const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
/** How long answers still on their way may take to reach a client that closed stdin but still reads. */
const FLUSH_MS = 5000;

/** The answers written out, or given up on: a client that closed stdin and reads nothing never drains. */
const flushed = (): Promise<void> =>
  process.stdout.writableLength === 0
    ? Promise.resolve()
    : new Promise((resolve) => {
        const timer = setTimeout(resolve, FLUSH_MS);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        process.stdout.once('drain', done);
        process.stdout.once('error', done);
      });

/**
 * Serves on stdin/stdout until the client closes stdin, stops reading stdout, sends a line over
 * the limit, or a signal comes. Every ending says why on stderr (a client shows only "Failed to
 * connect" or "disconnected"; its log keeps our stderr), then exits with its code.
 */
export const serveMcp = async (dataDir: string): Promise<never> => {
  const history = new LazyHistory(dataDir);
  const server = createMcpServer(history, __APP_VERSION__);
  const transport = new BackpressuredStdio();
  const ending = await new Promise<Ending>((resolve) => {
    const end = (line: string, exitCode: number) => resolve({ line: `contexterm: ${line}`, exitCode });
    transport.onfatal = (reason) => resolve(describeFailure(new CliError('protocol', reason)));
    // Requests sent before the close are still answered (`printf '…' | contexterm mcp`).
    process.stdin.once('end', () => void transport.whenIdle().then(() => end('the MCP client closed stdin; the server stops', 0)));
    process.stdin.once('error', (error) => end(`stdin failed (${error.message}); the server stops`, 0));
    process.stdout.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' ? end('the MCP client closed its end of stdout; the server stops', 0) : resolve(describeFailure(error)),
    );
    for (const [signal, number] of Object.entries(SIGNALS)) process.once(signal, () => end(`stopped by ${signal}`, 128 + number));
    server
      .connect(transport)
      .then(() => {
        // After connect, which takes the transport's callbacks over; the server's own is ours to set.
        server.server.onclose = () => end('the MCP session closed; the server stops', 0);
      })
      .catch((error: unknown) => resolve(describeFailure(error instanceof CliError ? error : new Error(String(error)))));
  });
  if (ending.exitCode === 0) await flushed();
  await server.close().catch(() => undefined);
  history.close();
  // Exit now, whatever stdout still holds for a client that stopped reading: only once the line is out.
  await new Promise<void>((resolve) => process.stderr.write(`${ending.line}\n`, () => resolve()));
  process.exit(ending.exitCode);
};
