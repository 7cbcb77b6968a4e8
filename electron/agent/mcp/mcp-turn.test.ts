// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import type { ToolStepView } from '../../../shared/ipc/mcp';
import { Redactor } from '../../context/redaction';
import { executeToolCall } from '../../llm/tool-execution';
import { ConfirmationService } from '../invocation/confirmation';
import { PendingMcpDecisions } from './mcp-decision';
import { offeredTools } from './mcp-names';
import { DEFAULT_GET_COMMANDS_OPTIONS } from '../../context/request/get-commands-tool';
import { McpTurn, type McpTurnDeps } from './mcp-turn';

/** An MCP result's budget: get_commands' bound on one command's output. */
const MAX_RESULT_CHARS = DEFAULT_GET_COMMANDS_OPTIONS.maxCharsPerCommand;

const SECRET = `ghp_${'A1b2C3d4E5'.repeat(3)}A1b2C3`;

const setUp = (overrides: Partial<McpTurnDeps> = {}) => {
  const { tools } = offeredTools([
    {
      server: 'notes',
      tools: [
        { name: 'write', inputSchema: { type: 'object' } },
        { name: 'read', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      ],
    },
  ]);
  const call = vi.fn(async (_server: string, tool: string) => ({ content: [{ type: 'text', text: `${tool} ok, key ${SECRET}` }] }));
  const pending = new PendingMcpDecisions();
  const steps: ToolStepView[] = [];
  // The app's one confirmation service, its allow-list off: only the per-server read-only switch lets a call skip the click.
  const confirmations = new ConfirmationService({
    settings: () => ({ autoRunReadOnly: false, autoRunCommands: [] }),
    mayRunUnasked: async () => false,
  });
  const deps: McpTurnDeps = {
    tools: () => tools,
    call,
    readOnlyWithoutAsking: () => false,
    pending,
    confirm: (proposal) => confirmations.decide(proposal),
    redactor: () => new Redactor(),
    ...overrides,
  };
  const turn = new McpTurn(deps, (step) => steps.push(step));
  const run = (name: string, id = `call-${name}`) => {
    const tool = turn.tools().find((t) => t.name === name);
    return executeToolCall(tool, { id, name, arguments: '{"a":1}' }, new AbortController().signal);
  };
  const until = async (id: string, state: ToolStepView['state']) => expect.poll(() => turn.views.get(id)?.state).toBe(state);
  return { turn, call, pending, steps, run, until };
};

describe('McpTurn: every call a tool step decided in main', () => {
  it('calls nothing until allowed; the result goes back redacted, keyed by the call id', async () => {
    const { call, pending, run, until, steps } = setUp();
    const outcome = run('notes__write');
    await until('call-notes__write', 'proposed');
    expect(call).not.toHaveBeenCalled();
    pending.answer('call-notes__write', 'allow');
    const result = await outcome;
    expect(call).toHaveBeenCalledWith('notes', 'write', { a: 1 }, expect.any(AbortSignal));
    expect(result.content).toContain('write ok');
    expect(result.content).not.toContain(SECRET);
    expect(steps.map((s) => s.state)).toEqual(['proposed', 'running', 'done']);
    expect(steps.at(-1)).toMatchObject({ tool: 'notes__write', server: 'notes', toolName: 'write', autoAllowed: false });
    expect(steps.at(-1)?.summary).not.toContain(SECRET);
  });

  it('denied: never calls, and tells the model the user declined', async () => {
    const { call, pending, run, until, turn } = setUp();
    const outcome = run('notes__write');
    await until('call-notes__write', 'proposed');
    pending.answer('call-notes__write', 'deny');
    expect(JSON.parse((await outcome).content)).toMatchObject({ status: 'declined', tool: 'notes__write' });
    expect(call).not.toHaveBeenCalled();
    expect(turn.views.get('call-notes__write')?.state).toBe('denied');
    expect(() => pending.answer('call-notes__write', 'allow')).toThrow(/already decided/);
  });

  it('read-only tools skip the click only when the user switched that on for the server', async () => {
    const asks = setUp();
    void asks.run('notes__read');
    await asks.until('call-notes__read', 'proposed');
    expect(asks.call).not.toHaveBeenCalled();

    const auto = setUp({ readOnlyWithoutAsking: (server) => server === 'notes' });
    expect((await auto.run('notes__read')).content).toContain('read ok');
    expect(auto.turn.views.get('call-notes__read')).toMatchObject({ state: 'done', autoAllowed: true });
    // A tool not annotated read-only still asks, whatever the switch.
    void auto.run('notes__write');
    await auto.until('call-notes__write', 'proposed');
  });

  it('cuts a long result to its budget, saying so; a failing server fails the step with a redacted reason', async () => {
    const long = setUp({
      readOnlyWithoutAsking: () => true,
      call: async () => ({ content: [{ type: 'text', text: 'y'.repeat(MAX_RESULT_CHARS + 10) }] }),
    });
    const result = await long.run('notes__read');
    expect(result.content.length).toBeLessThan(MAX_RESULT_CHARS + 200);
    expect(result.content).toMatch(/10 more characters cut/);

    const broken = setUp({ readOnlyWithoutAsking: () => true, call: async () => Promise.reject(new Error(`boom ${SECRET}`)) });
    const failed = await broken.run('notes__read');
    expect(failed.isError).toBe(true);
    expect(failed.content).not.toContain(SECRET);
    expect(broken.turn.views.get('call-notes__read')?.state).toBe('failed');
  });

  it('a stop while waiting fails the step and calls nothing', async () => {
    const { call, turn } = setUp();
    const abort = new AbortController();
    const tool = turn.tools().find((t) => t.name === 'notes__write');
    const outcome = executeToolCall(tool, { id: 'x', name: 'notes__write', arguments: '{}' }, abort.signal);
    await expect.poll(() => turn.views.get('x')?.state).toBe('proposed');
    abort.abort();
    expect((await outcome).isError).toBe(true);
    expect(turn.views.get('x')?.state).toBe('failed');
    expect(call).not.toHaveBeenCalled();
  });
});
