// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { McpServerName, type McpServerEntryInput } from '../../../shared/ipc/mcp';

/**
 * DATA_DIR/mcp.json, in the `{"mcpServers": {"NAME": {"command", "args", "env"}}}` shape Claude
 * Desktop, Claude Code and VS Code read, so one file can be shared with them. Keys they add (`type`,
 * `disabled`, `timeout`…) are kept when we rewrite the file; ours is `readOnlyWithoutAsking`.
 */
export const MCP_CONFIG_FILE = 'mcp.json';

const ARGS = '"args" must be a list of strings';
const ENV = '"env" must map names to strings';

const Entry = z.looseObject({
  type: z.literal('stdio', { error: 'only stdio servers are supported ("type": "stdio")' }).optional(),
  command: z.string({ error: 'needs a "command" string' }).trim().min(1, 'needs a "command"').max(4096),
  args: z
    .array(z.string({ error: ARGS }).max(4096), { error: ARGS })
    .max(100)
    .optional(),
  env: z.record(z.string(), z.string({ error: ENV }), { error: ENV }).optional(),
  disabled: z.boolean().optional(),
  readOnlyWithoutAsking: z.boolean().optional(),
});

export interface McpServerConfig {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly readOnlyWithoutAsking: boolean;
}

/** A server entry that cannot be used: shown as failed, with why; the other servers still start. */
interface BadServerEntry {
  readonly name: string;
  readonly problem: string;
}

export interface McpConfig {
  readonly servers: readonly McpServerConfig[];
  readonly bad: readonly BadServerEntry[];
  /** The file as parsed, so a rewrite keeps what other clients put in it. */
  readonly raw: Record<string, unknown>;
}

export const EMPTY_CONFIG: McpConfig = { servers: [], bad: [], raw: {} };

/** How many servers one file may start: each is a process. */
const MAX_SERVERS = 20;

export class McpConfigError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const shownName = (name: string): string => JSON.stringify(name.length > 44 ? `${name.slice(0, 40)}…` : name);

/** Parses the file's text. A file that is not our shape throws; a bad entry is reported in `bad`. */
export const parseMcpConfig = (text: string): McpConfig => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new McpConfigError(`it is not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(raw)) throw new McpConfigError('it must hold a JSON object with "mcpServers"');
  const table = raw['mcpServers'] ?? {};
  if (!isObject(table)) throw new McpConfigError('"mcpServers" must be an object of servers by name');
  const servers: McpServerConfig[] = [];
  const bad: BadServerEntry[] = [];
  for (const [name, value] of Object.entries(table)) {
    if (!McpServerName.safeParse(name).success) {
      bad.push({ name: name.slice(0, 40), problem: `the name ${shownName(name)} must be 1–40 letters, digits, _ or -` });
      continue;
    }
    const entry = Entry.safeParse(value);
    if (!entry.success) {
      bad.push({ name, problem: entry.error.issues.map((issue) => issue.message).join('; ') });
      continue;
    }
    if (entry.data.disabled) continue;
    if (servers.length >= MAX_SERVERS) {
      bad.push({ name, problem: `not started: at most ${MAX_SERVERS} servers are started` });
      continue;
    }
    servers.push({
      name,
      command: entry.data.command,
      args: entry.data.args ?? [],
      env: entry.data.env ?? {},
      readOnlyWithoutAsking: entry.data.readOnlyWithoutAsking ?? false,
    });
  }
  return { servers, bad, raw };
};

const withServers = (raw: Record<string, unknown>, change: (servers: Record<string, unknown>) => void): Record<string, unknown> => {
  const servers = isObject(raw['mcpServers']) ? { ...raw['mcpServers'] } : {};
  change(servers);
  return { ...raw, mcpServers: servers };
};

/** The file with one server added or replaced (its other keys, if it existed, kept). */
export const addServer = (raw: Record<string, unknown>, entry: McpServerEntryInput): Record<string, unknown> =>
  withServers(raw, (servers) => {
    const before = isObject(servers[entry.name]) ? (servers[entry.name] as Record<string, unknown>) : {};
    servers[entry.name] = { ...before, command: entry.command, args: [...entry.args], env: { ...entry.env } };
  });

export const removeServer = (raw: Record<string, unknown>, name: string): Record<string, unknown> =>
  withServers(raw, (servers) => {
    delete servers[name];
  });

export const setReadOnlyWithoutAsking = (raw: Record<string, unknown>, name: string, on: boolean): Record<string, unknown> =>
  withServers(raw, (servers) => {
    const entry = servers[name];
    if (!isObject(entry)) throw new McpConfigError(`there is no server named ${shownName(name)}`);
    servers[name] = { ...entry, readOnlyWithoutAsking: on };
  });
