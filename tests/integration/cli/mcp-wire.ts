// SPDX-License-Identifier: MIT
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface WireMessage {
  readonly id?: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string };
}

export interface ToolAnswer {
  readonly isError?: boolean;
  readonly content: Array<{ type: string; text: string }>;
  /** The same answer typed, on success (the tool's outputSchema). */
  readonly structuredContent?: Record<string, unknown>;
}

/**
 * `bin/contexterm mcp` as a child process spoken to in raw JSON-RPC lines, as any MCP client does:
 * no SDK in between, so a test sees exactly the bytes on the wire, can send what no SDK client
 * would (a 10 MB line), or stop reading the answers.
 */
export class McpWire {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every answer line as it came, in order; its length is what a client has to take in. */
  readonly lines: string[] = [];
  /** Each answer's line as sent, by request id. */
  readonly lineById = new Map<number, string>();
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private nextId = 1;
  private pending = '';
  private readonly waiting = new Map<number, (message: WireMessage) => void>();

  constructor(dataDir: string) {
    this.child = spawn(process.execPath, ['bin/contexterm', 'mcp', '--data-dir', dataDir], { stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (text: string) => this.take(text));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text: string) => (this.stderr += text));
    // A server that stops reading leaves our writes pending; a server that exits makes them fail.
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  private take(text: string): void {
    this.pending += text;
    for (let end = this.pending.indexOf('\n'); end >= 0; end = this.pending.indexOf('\n')) {
      const line = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 1);
      this.lines.push(line);
      const message = JSON.parse(line) as WireMessage;
      if (message.id === undefined) continue;
      this.lineById.set(message.id, line);
      this.waiting.get(message.id)?.(message);
    }
  }

  /** Sends a request without waiting; its answer comes through `answer(id)`. */
  send(method: string, params: Record<string, unknown> = {}): number {
    const id = this.nextId++;
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return id;
  }

  answer(id: number): Promise<WireMessage> {
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  async request(method: string, params: Record<string, unknown> = {}): Promise<WireMessage> {
    const id = this.send(method, params);
    return this.answer(id);
  }

  /** The handshake every client starts with. */
  async initialize(): Promise<WireMessage> {
    const answer = await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'wire-test', version: '0' },
    });
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    return answer;
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
    const answer = await this.request('tools/call', { name, arguments: args });
    if (answer.error) throw new Error(`${name}: JSON-RPC error ${answer.error.code} ${answer.error.message}`);
    return answer.result as unknown as ToolAnswer;
  }

  /** The server's resident memory now, from /proc (Linux). */
  rssBytes(): number {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.child.pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0) * 1024;
  }

  /** Closes stdin, as a client that is done does, and waits for the exit. */
  async close(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.stdin.end();
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
