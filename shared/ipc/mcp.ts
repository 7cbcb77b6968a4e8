// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { event, invoke } from './define';

/**
 * The user's own MCP servers (DATA_DIR/mcp.json) and the calls the assistant makes to their tools.
 * Every text here came from a program the user chose to run or from the model: the page shows it as
 * text only, never as markup.
 */

/** `connected` is the contract's word (UI-CONTRACT.md, `mcp-server`) for a server whose tools are listed. */
const McpServerState = z.enum(['starting', 'connected', 'failed', 'stopped']);

export const McpServerName = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'A server name is 1–40 letters, digits, _ or -.');

const McpToolView = z.object({
  /** As the model sees it: SERVER__TOOL. */
  exposedName: z.string(),
  name: z.string(),
  description: z.string(),
  readOnly: z.boolean(),
});

export const McpServerView = z.object({
  name: z.string(),
  command: z.string(),
  args: z.array(z.string()),
  /** Only the names: values may be tokens. */
  envNames: z.array(z.string()),
  state: McpServerState,
  /** Why it failed (or a note on a working one, e.g. tools left out past the limit). */
  reason: z.string().nullable(),
  tools: z.array(McpToolView),
  /** The last lines it wrote to stderr, oldest first. */
  stderr: z.array(z.string()),
  /** Read-only tools of this server run without asking (Settings → Tools; default off). */
  readOnlyWithoutAsking: z.boolean(),
});
export type McpServerView = z.infer<typeof McpServerView>;

export const McpServersView = z.object({
  path: z.string(),
  /** Why the file could not be used (bad JSON, wrong permissions); null when it was read. */
  problem: z.string().nullable(),
  servers: z.array(McpServerView),
});
export type McpServersView = z.infer<typeof McpServersView>;

/** proposed → allowed | denied; allowed → running → done | failed (UI-CONTRACT.md, `tool-step`). */
const ToolStepState = z.enum(['proposed', 'running', 'done', 'denied', 'failed']);

export const ToolStepView = z.object({
  /** The model's tool-call id. */
  id: z.string(),
  /** SERVER__TOOL, as offered to the model. */
  tool: z.string(),
  server: z.string(),
  toolName: z.string(),
  /** The model's arguments, as JSON text (capped for display). */
  arguments: z.string(),
  readOnly: z.boolean(),
  /** Ran without a click: read-only, and the user let this server's read-only tools run. */
  autoAllowed: z.boolean(),
  state: ToolStepState,
  /** The result's first line, or why it failed. */
  summary: z.string().nullable(),
});
export type ToolStepView = z.infer<typeof ToolStepView>;

const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'An environment name is letters, digits and _.');

export const McpServerEntryInput = z.strictObject({
  name: McpServerName,
  command: z.string().trim().min(1, 'Give the command that starts the server.').max(4096),
  args: z.array(z.string().max(4096)).max(100),
  env: z.record(EnvName, z.string().max(16_384)),
});
export type McpServerEntryInput = z.infer<typeof McpServerEntryInput>;

const StepId = z.string().min(1).max(200);

export const mcpChannels = {
  'mcp:servers': invoke(z.strictObject({}), McpServersView),
  /** Adds (or replaces) a server in mcp.json; the view after the file was re-read. */
  'mcp:add': invoke(McpServerEntryInput, McpServersView),
  'mcp:remove': invoke(z.strictObject({ name: McpServerName }), McpServersView),
  'mcp:read-only-without-asking': invoke(z.strictObject({ name: McpServerName, on: z.boolean() }), McpServersView),
  'mcp:changed': event(McpServersView),
  /** A tool step appeared or changed; the last event for an id is its state. */
  'mcp:step': event(z.object({ turnId: z.string(), conversationId: z.string(), step: ToolStepView })),
  /** The user's Allow / Deny; a late or unknown one is refused. */
  'mcp:decide': invoke(z.strictObject({ stepId: StepId, decision: z.enum(['allow', 'deny']) }), z.object({ accepted: z.boolean() })),
  /** The tool steps of the answer running now in a conversation (a window that reloads). */
  'mcp:steps': invoke(
    z.strictObject({ conversationId: z.string().min(1).max(128) }),
    z.object({ turnId: z.string().nullable(), steps: z.array(ToolStepView) }),
  ),
} as const;
