// SPDX-License-Identifier: MIT
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Our requests are a few ids or a query: a line this long is a broken or hostile client. Below
 * the SDK's own 10 MB, so ours is the limit that applies, and nothing near 10 MB is ever held.
 */
const MAX_REQUEST_LINE_BYTES = Math.min(2 ** 20, STDIO_DEFAULT_MAX_BUFFER_SIZE);
/** Requests being answered at once: with ~80 KB answers, at most this many wait in memory. */
const MAX_IN_FLIGHT = 8;
/** Requests read ahead while the server is busy, before reading stops. */
const MAX_QUEUED_BYTES = 256 * 1024;
/** How long stdout may stay full before stderr says the client is not reading (a log line, not a limit). */
const STALL_NOTICE_MS = 2000;

/**
 * JSON-RPC over stdin/stdout, as the SDK's StdioServerTransport, with backpressure: it stops
 * reading stdin while stdout is not draining or enough requests are being answered, so a client
 * that never reads its answers leaves them in its own pipe, not in our memory (the SDK's transport
 * read on and buffered 500 MB). A request line over MAX_REQUEST_LINE_BYTES ends the session with a
 * reason (`onfatal`), where the SDK's ended it silently.
 */
export class BackpressuredStdio implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The session cannot go on; the reason is for stderr (the caller makes it a `protocol` failure). */
  onfatal?: (reason: string) => void;

  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** Requests read and not yet handed to the server, and about how many bytes they came in. */
  private readonly queue: Array<{ readonly message: JSONRPCMessage; readonly bytes: number }> = [];
  private queuedBytes = 0;
  /** Requests handed to the server and not answered yet, by id. */
  private readonly inFlight = new Set<string | number>();
  private blocked = false;
  private stallTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  private readonly onStdinError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let end = data.indexOf(10); end >= 0; end = data.indexOf(10)) {
      const piece = data.subarray(0, end);
      if (this.partialBytes + piece.length > MAX_REQUEST_LINE_BYTES) return this.tooLong();
      this.accept(
        Buffer.concat([...this.partial, piece])
          .toString('utf8')
          .replace(/\r$/, ''),
      );
      this.partial = [];
      this.partialBytes = 0;
      data = data.subarray(end + 1);
    }
    this.partial.push(data);
    this.partialBytes += data.length;
    if (this.partialBytes > MAX_REQUEST_LINE_BYTES) return this.tooLong();
    this.pump();
  };

  /**
   * A request waits its turn; anything else (a notification such as a cancellation) goes to the
   * server at once: a cancelled request gets no answer from the SDK, so it must stop counting as
   * in flight even while requests wait behind it.
   */
  private accept(line: string): void {
    if (line.trim() === '' || this.closed) return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (error) {
      // As the SDK does: a line that is not JSON-RPC is reported and skipped, the session goes on.
      this.log(`contexterm: skipped a request that is not JSON-RPC (${(error as Error).message.split('\n')[0]})`);
      return;
    }
    if ('method' in message && 'id' in message) {
      this.queue.push({ message, bytes: line.length });
      this.queuedBytes += line.length;
      return;
    }
    if ('method' in message && message.method === 'notifications/cancelled')
      this.inFlight.delete(message.params?.requestId as string | number);
    this.onmessage?.(message);
  }

  private tooLong(): void {
    this.partial = [];
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.stdin.pause();
    this.onfatal?.(`a request line was longer than ${MAX_REQUEST_LINE_BYTES} bytes; the MCP server stops`);
  }

  /** Hands waiting requests to the server while it may take more; reads stdin while few wait and stdout drains. */
  private pump(): void {
    while (!this.closed && !this.blocked && this.inFlight.size < MAX_IN_FLIGHT && this.queue.length > 0) {
      const { message, bytes } = this.queue.shift()!;
      this.queuedBytes -= bytes;
      if ('id' in message && message.id !== undefined) this.inFlight.add(message.id);
      this.onmessage?.(message);
    }
    if (this.closed) return;
    if (this.blocked || this.queuedBytes > MAX_QUEUED_BYTES) this.stdin.pause();
    else this.stdin.resume();
    if (this.queue.length === 0 && this.inFlight.size === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  /** Resolves once every request read so far has been answered (a client that sent its last and closed stdin). */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.pump();
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    if (!('method' in message) && 'id' in message && message.id !== undefined) this.inFlight.delete(message.id);
    if (this.stdout.write(`${JSON.stringify(message)}\n`) || this.blocked) {
      this.pump();
      return;
    }
    this.blocked = true;
    this.stdin.pause();
    this.stallTimer = setTimeout(() => {
      this.log('contexterm: the MCP client is not reading its answers; reading no more requests until it does');
    }, STALL_NOTICE_MS);
    this.stdout.once('drain', () => {
      clearTimeout(this.stallTimer);
      this.blocked = false;
      this.pump();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.stallTimer);
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    this.stdin.pause();
    this.onclose?.();
  }
}
