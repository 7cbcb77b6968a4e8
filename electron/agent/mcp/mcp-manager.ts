// SPDX-License-Identifier: MIT
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../../../shared/ipc/define';
import type { McpServerEntryInput, McpServersView, McpServerView } from '../../../shared/ipc/mcp';
import { addServer, MCP_CONFIG_FILE, removeServer, setReadOnlyWithoutAsking, type McpConfig, type McpServerConfig } from './mcp-config';
import { readMcpConfig, writeMcpConfig } from './mcp-config-file';
import { DEFAULT_MCP_TIMEOUTS, McpConnection, type McpTimeouts } from './mcp-connection';
import { offeredTools, plainText, type OfferedTool } from './mcp-names';

export interface McpManagerOptions {
  readonly dataDir: string;
  readonly timeouts?: Partial<McpTimeouts>;
  readonly log?: (message: string) => void;
}

const sameConfig = (a: McpServerConfig, b: McpServerConfig): boolean =>
  a.command === b.command && JSON.stringify(a.args) === JSON.stringify(b.args) && JSON.stringify(a.env) === JSON.stringify(b.env);

/**
 * The user's MCP servers, from DATA_DIR/mcp.json: one connection per server, started when the file
 * lists it, restarted when its entry changes, stopped when it goes. The file is watched; Settings →
 * Tools writes it and reloads at once. Its listeners hear of every state change (mcp:changed).
 */
export class McpManager {
  private readonly _connections = new Map<string, McpConnection>();
  private _config: McpConfig = { servers: [], bad: [], raw: {} };
  private _problem: string | null = null;
  private _watcher: FSWatcher | undefined;
  private _reloadTimer: NodeJS.Timeout | undefined;
  private readonly _listeners = new Set<() => void>();
  private readonly _timeouts: McpTimeouts;
  private _closed = false;

  constructor(private readonly _options: McpManagerOptions) {
    this._timeouts = { ...DEFAULT_MCP_TIMEOUTS, ..._options.timeouts };
  }

  get path(): string {
    return join(this._options.dataDir, MCP_CONFIG_FILE);
  }

  onChange(listener: () => void): () => void {
    this._listeners.add(listener);
    return () => void this._listeners.delete(listener);
  }

  private _changed = (): void => {
    for (const listener of this._listeners) listener();
  };

  /** Reads the file and brings the running servers in line with it. */
  reload(): void {
    if (this._closed) return;
    const { config, problem } = readMcpConfig(this._options.dataDir);
    this._config = config;
    this._problem = problem;
    if (problem) this._options.log?.(`mcp: ${problem}`);
    const wanted = new Map(config.servers.map((server) => [server.name, server]));
    for (const [name, connection] of this._connections) {
      const next = wanted.get(name);
      // Our switch alone (readOnlyWithoutAsking) is read from the file, not the process: keep it
      // running. One that gave up after its restarts is tried again: the user touched the file.
      if (next && sameConfig(next, connection.config)) {
        connection.retryIfGaveUp();
        continue;
      }
      this._connections.delete(name);
      void connection.stop();
    }
    for (const server of config.servers) {
      if (this._connections.has(server.name)) continue;
      const connection = new McpConnection({ ...server }, this._timeouts, this._changed, this._options.log);
      this._connections.set(server.name, connection);
      connection.start();
    }
    this._changed();
  }

  /** Loads the file and watches the data directory for changes to it (an editor replaces it). */
  start(): void {
    this.reload();
    try {
      this._watcher = watch(this._options.dataDir, { persistent: false }, (_event, file) => {
        if (file !== null && file !== MCP_CONFIG_FILE) return;
        clearTimeout(this._reloadTimer);
        this._reloadTimer = setTimeout(() => this.reload(), 200);
        this._reloadTimer.unref?.();
      });
      this._watcher.on('error', (error) => this._options.log?.(`mcp: watching ${this.path}: ${String(error)}`));
    } catch (error) {
      this._options.log?.(`mcp: cannot watch ${this.path} (${String(error)}); changes apply from Settings → Tools`);
    }
  }

  /** The tools of the servers that are ready now, as offered to the model. */
  tools(): OfferedTool[] {
    return this._offered().tools;
  }

  private _offered() {
    const ready = this._config.servers.flatMap((server) => {
      const connection = this._connections.get(server.name);
      return connection?.state === 'ready' ? [{ server: server.name, tools: connection.tools }] : [];
    });
    return offeredTools(ready);
  }

  readOnlyWithoutAsking(server: string): boolean {
    return this._config.servers.find((entry) => entry.name === server)?.readOnlyWithoutAsking ?? false;
  }

  /** Calls a server's tool; throws with a plain message when it cannot. */
  call(server: string, toolName: string, args: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const connection = this._connections.get(server);
    if (!connection) return Promise.reject(new Error(`the MCP server ${server} is no longer configured`));
    return connection.call(toolName, args, signal);
  }

  view(): McpServersView {
    const { tools, left } = this._offered();
    const servers: McpServerView[] = this._config.servers.map((server) => {
      const connection = this._connections.get(server.name);
      const state = connection?.state ?? 'stopped';
      const dropped = left.get(server.name) ?? 0;
      return {
        name: server.name,
        command: server.command,
        args: [...server.args],
        envNames: Object.keys(server.env),
        state: state === 'ready' ? 'connected' : state,
        reason: connection?.reason ?? (dropped > 0 ? `${dropped} tools left out: at most ${tools.length} tools are offered in all` : null),
        tools: tools
          .filter((tool) => tool.server === server.name)
          .map((tool) => ({
            exposedName: tool.name,
            name: plainText(tool.toolName, 200),
            description: tool.plainDescription,
            readOnly: tool.readOnly,
          })),
        stderr: connection?.stderr.lines() ?? [],
        readOnlyWithoutAsking: server.readOnlyWithoutAsking,
      };
    });
    const bad: McpServerView[] = this._config.bad.map((entry) => ({
      name: entry.name,
      command: '',
      args: [],
      envNames: [],
      state: 'failed',
      reason: `mcp.json: ${entry.problem}`,
      tools: [],
      stderr: [],
      readOnlyWithoutAsking: false,
    }));
    return { path: this.path, problem: this._problem, servers: [...servers, ...bad] };
  }

  private _edit(change: (raw: Record<string, unknown>) => Record<string, unknown>): McpServersView {
    const current = readMcpConfig(this._options.dataDir);
    // Never rewrite a file we could not read: it would lose what the user wrote in it.
    if (current.problem !== null && existsSync(this.path))
      throw new DomainError('failed', `${current.problem} Fix it first; nothing was changed.`);
    let next: Record<string, unknown>;
    try {
      next = change(current.config.raw);
    } catch (error) {
      throw new DomainError('invalid-request', (error as Error).message);
    }
    try {
      writeMcpConfig(this._options.dataDir, next);
    } catch (error) {
      throw new DomainError('failed', `${this.path} could not be written (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
    }
    this.reload();
    return this.view();
  }

  add(entry: McpServerEntryInput): McpServersView {
    return this._edit((raw) => addServer(raw, entry));
  }

  remove(name: string): McpServersView {
    return this._edit((raw) => removeServer(raw, name));
  }

  setReadOnlyWithoutAsking(name: string, on: boolean): McpServersView {
    return this._edit((raw) => setReadOnlyWithoutAsking(raw, name, on));
  }

  async close(): Promise<void> {
    this._closed = true;
    clearTimeout(this._reloadTimer);
    this._watcher?.close();
    const stopping = [...this._connections.values()].map((connection) => connection.stop());
    this._connections.clear();
    await Promise.all(stopping);
  }
}
