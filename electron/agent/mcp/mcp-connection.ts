// SPDX-License-Identifier: MIT
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { McpServerConfig } from './mcp-config';
import type { ListedTool } from './mcp-names';
import { StderrRing } from './stderr-ring';

export type ConnectionState = 'starting' | 'ready' | 'failed' | 'stopped';

export interface McpTimeouts {
  /** Spawn, initialize and the first tools/list. */
  readonly startMs: number;
  readonly listMs: number;
  readonly callMs: number;
  /** The first restart after a crash; each next one waits twice as long, up to `maxBackoffMs`. */
  readonly backoffMs: number;
  readonly maxBackoffMs: number;
  /** Crashes in a row after which it stays failed until the file changes. */
  readonly maxRestarts: number;
}

export const DEFAULT_MCP_TIMEOUTS: McpTimeouts = {
  startMs: 10_000,
  listMs: 10_000,
  callMs: 60_000,
  backoffMs: 1_000,
  maxBackoffMs: 60_000,
  maxRestarts: 5,
};

/** At most this many tools are read from one server (tools/list pages). */
const MAX_LISTED = 200;

/**
 * One server: a process we start over stdio with the SDK's client. Its state is what Settings →
 * Tools shows; its tools are offered only while it is ready. A crash (the process ends while we did
 * not stop it) fails it and schedules a restart with back-off; a start that times out or fails
 * counts the same. Nothing here throws at its owner except `call`, whose error becomes the tool's.
 */
export class McpConnection {
  private _state: ConnectionState = 'stopped';
  private _reason: string | null = null;
  private _tools: ListedTool[] = [];
  private _client: Client | undefined;
  private _restartTimer: NodeJS.Timeout | undefined;
  private _restarts = 0;
  /** Bumped on every start and stop, so a late event of an older process changes nothing. */
  private _generation = 0;
  readonly stderr = new StderrRing();

  constructor(
    readonly config: McpServerConfig,
    private readonly _timeouts: McpTimeouts,
    private readonly _changed: () => void,
    private readonly _log: (message: string) => void = () => undefined,
  ) {}

  get state(): ConnectionState {
    return this._state;
  }
  get reason(): string | null {
    return this._reason;
  }
  get tools(): readonly ListedTool[] {
    return this._state === 'ready' ? this._tools : [];
  }
  /** How many restarts after a crash have been made since it was last ready. */
  get restarts(): number {
    return this._restarts;
  }

  /** Failed and no restart is coming (it gave up): starts it again, from a fresh back-off. */
  retryIfGaveUp(): void {
    if (this._state !== 'failed' || this._restartTimer !== undefined) return;
    this._restarts = 0;
    this.start();
  }

  start(): void {
    clearTimeout(this._restartTimer);
    this._restartTimer = undefined;
    const generation = ++this._generation;
    this._set('starting', null);
    void this._connect(generation);
  }

  private async _connect(generation: number): Promise<void> {
    const { config } = this;
    // Only what the entry gives, over the SDK's short list (HOME, LOGNAME, PATH, SHELL, TERM, USER):
    // never our process's environment, which may hold API keys.
    const transport = new StdioClientTransport({ command: config.command, args: [...config.args], env: { ...config.env }, stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    const client = new Client({ name: 'contexterm', version: '1' }, { capabilities: {} });
    this._client = client;
    const startSignal = AbortSignal.timeout(this._timeouts.startMs);
    try {
      await client.connect(transport, { timeout: this._timeouts.startMs, signal: startSignal });
      const tools = await this._list(client, startSignal);
      if (generation !== this._generation) return void (await client.close().catch(() => undefined));
      this._tools = tools;
      this._restarts = 0;
      client.onclose = () => this._crashed(generation, 'the server exited');
      this._set('ready', null);
    } catch (error) {
      await client.close().catch(() => undefined);
      if (generation !== this._generation) return;
      const why = startSignal.aborted ? `it did not start within ${this._timeouts.startMs / 1000} s` : this._why(error);
      this._crashed(generation, why);
    }
  }

  private async _list(client: Client, startSignal: AbortSignal): Promise<ListedTool[]> {
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: this._timeouts.listMs, signal: startSignal });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined && tools.length < MAX_LISTED);
    return tools.slice(0, MAX_LISTED);
  }

  private _why(error: unknown): string {
    const message = error instanceof Error ? error.message : String(error);
    const last = this.stderr.lines().at(-1);
    return last ? `${message} (stderr: ${last.slice(0, 200)})` : message;
  }

  private _crashed(generation: number, why: string): void {
    if (generation !== this._generation || this._state === 'stopped') return;
    this._client = undefined;
    this._tools = [];
    if (this._restarts >= this._timeouts.maxRestarts) {
      this._set(
        'failed',
        `${why}; gave up after ${this._restarts} restarts (edit mcp.json, or add it again in Settings → Tools, to try again)`,
      );
      return;
    }
    const delay = Math.min(this._timeouts.maxBackoffMs, this._timeouts.backoffMs * 2 ** this._restarts);
    this._restarts++;
    this._set('failed', `${why}; restarting in ${delay < 1000 ? `${delay} ms` : `${Math.round(delay / 1000)} s`}`);
    this._log(`mcp: ${this.config.name}: ${why}`);
    this._restartTimer = setTimeout(() => {
      this._restartTimer = undefined;
      if (generation === this._generation) this.start();
    }, delay);
    this._restartTimer.unref?.();
  }

  /** Calls one tool; throws on a timeout, an abort or a server that is not ready. */
  async call(toolName: string, args: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const client = this._client;
    if (this._state !== 'ready' || !client)
      throw new Error(`the server ${this.config.name} is not running (${this._reason ?? this._state})`);
    return client.callTool({ name: toolName, arguments: args }, undefined, { timeout: this._timeouts.callMs, signal });
  }

  async stop(): Promise<void> {
    this._generation++;
    clearTimeout(this._restartTimer);
    this._restartTimer = undefined;
    const client = this._client;
    this._client = undefined;
    this._tools = [];
    this._set('stopped', null);
    await client?.close().catch(() => undefined);
  }

  private _set(state: ConnectionState, reason: string | null): void {
    this._state = state;
    this._reason = reason;
    this._changed();
  }
}
