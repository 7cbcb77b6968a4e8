// SPDX-License-Identifier: MIT
import type { ToolDefinition } from '../../llm/types';

/** A tool as its server listed it (tools/list), only the fields we use. */
export interface ListedTool {
  readonly name: string;
  readonly description?: string | undefined;
  readonly inputSchema: Record<string, unknown>;
  readonly annotations?: { readonly readOnlyHint?: boolean | undefined } | undefined;
}

/** A server's tool as the model is offered it: SERVER__TOOL, and where a call goes. */
export interface OfferedTool extends ToolDefinition {
  readonly server: string;
  readonly toolName: string;
  readonly readOnly: boolean;
  /** The description as the server gave it (display text), before the server prefix. */
  readonly plainDescription: string;
}

/** OpenAI and Anthropic both refuse tool names past 64 characters or outside this set. */
const MAX_TOOL_NAME = 64;
const NAME_CHARS = /[^a-zA-Z0-9_-]/g;
/** All servers together: every tool's schema is sent with every request. */
const MAX_OFFERED_TOOLS = 64;
const MAX_DESCRIPTION = 1024;
/** A schema past this is replaced by an open object: the model still may call it, the server checks. */
const MAX_SCHEMA_CHARS = 16_000;

/** Text a server wrote, made one plain line: no controls, no bidi overrides, capped. */
export const plainText = (text: string, max: number): string => {
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** SERVER__TOOL within the providers' limits; `taken` makes clamped names that collide distinct. */
const exposedName = (server: string, tool: string, taken: ReadonlySet<string>): string => {
  const base = `${server}__${tool.replace(NAME_CHARS, '_') || 'tool'}`.slice(0, MAX_TOOL_NAME);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The server's inputSchema as the providers take it: an object schema, of a bounded size, without
 * the `$schema`/`$id` keys some providers refuse. Anything else becomes an open object.
 */
const sanitizeSchema = (schema: unknown): Record<string, unknown> => {
  const open = { type: 'object', properties: {}, additionalProperties: true };
  if (!isObject(schema) || (schema['type'] !== undefined && schema['type'] !== 'object')) return open;
  const { $schema: _schema, $id: _id, ...rest } = schema;
  const cleaned: Record<string, unknown> = { ...rest, type: 'object' };
  if (!isObject(cleaned['properties'])) cleaned['properties'] = {};
  let size: number;
  try {
    size = JSON.stringify(cleaned).length;
  } catch {
    return open;
  }
  return size > MAX_SCHEMA_CHARS ? open : cleaned;
};

export interface ServerTools {
  readonly server: string;
  readonly tools: readonly ListedTool[];
}

/**
 * Every ready server's tools as offered, in the order of the file, at most MAX_OFFERED_TOOLS in all;
 * `left` counts what was left out per server, so Settings can say so.
 */
export const offeredTools = (servers: readonly ServerTools[]): { tools: OfferedTool[]; left: Map<string, number> } => {
  const taken = new Set<string>();
  const tools: OfferedTool[] = [];
  const left = new Map<string, number>();
  for (const { server, tools: listed } of servers) {
    for (const tool of listed) {
      if (tools.length >= MAX_OFFERED_TOOLS) {
        left.set(server, (left.get(server) ?? 0) + 1);
        continue;
      }
      const name = exposedName(server, tool.name, taken);
      taken.add(name);
      const plain = plainText(tool.description ?? '', MAX_DESCRIPTION);
      tools.push({
        name,
        description: `[MCP server ${server}] ${plain || tool.name}`.slice(0, MAX_DESCRIPTION + 60),
        parameters: sanitizeSchema(tool.inputSchema),
        server,
        toolName: tool.name,
        readOnly: tool.annotations?.readOnlyHint === true,
        plainDescription: plain,
      });
    }
  }
  return { tools, left };
};
