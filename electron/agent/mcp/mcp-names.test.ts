// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { offeredTools, plainText } from './mcp-names';

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** "At most 64 tools are offered in all" (docs/assistant-actions.md). */
const MAX_OFFERED_TOOLS = 64;

/** The names one server's tools are offered under, in order. */
const namesOf = (server: string, names: readonly string[]): string[] =>
  offeredTools([{ server, tools: names.map((name) => ({ name, inputSchema: {} })) }]).tools.map((tool) => tool.name);
/** One tool's inputSchema as the model is offered it. */
const offeredSchema = (inputSchema: unknown): Record<string, unknown> =>
  offeredTools([{ server: 's', tools: [{ name: 't', inputSchema: inputSchema as Record<string, unknown> }] }]).tools[0]!.parameters;

describe('tool names offered to the model', () => {
  it('is SERVER__TOOL, with characters the providers refuse replaced', () => {
    expect(namesOf('files', ['read_file', 'read.file/v2 ü', ''])).toEqual(['files__read_file', 'files__read_file_v2__', 'files__tool']);
  });

  it('is clamped to 64 characters and kept distinct after the clamp', () => {
    const server = 's'.repeat(40);
    const long = 't'.repeat(80);
    const [first, second] = namesOf(server, [long, `${long}x`]) as [string, string];
    expect(first).toHaveLength(64);
    expect(second).not.toBe(first);
    expect(second).toMatch(PROVIDER_NAME);
    expect(second.endsWith('_2')).toBe(true);
  });

  it('bounds the number of tools and counts what was left out', () => {
    const many = Array.from({ length: MAX_OFFERED_TOOLS + 5 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
    const { tools, left } = offeredTools([{ server: 'big', tools: many }]);
    expect(tools).toHaveLength(MAX_OFFERED_TOOLS);
    expect(left.get('big')).toBe(5);
    expect(tools.every((t) => PROVIDER_NAME.test(t.name))).toBe(true);
  });

  it('prefixes the description with the server and makes it one plain line', () => {
    const { tools } = offeredTools([
      {
        server: 'web',
        tools: [{ name: 'go', description: 'Goes\u001b[31m\nthere\u202e now', inputSchema: {}, annotations: { readOnlyHint: true } }],
      },
    ]);
    expect(tools[0]).toMatchObject({
      name: 'web__go',
      description: '[MCP server web] Goes [31m there now',
      readOnly: true,
      server: 'web',
      toolName: 'go',
    });
    expect(plainText('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('the input schema offered to the model', () => {
  it('keeps an object schema without $schema/$id, and opens anything else', () => {
    expect(offeredSchema({ $schema: 'x', $id: 'y', type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
    const open = { type: 'object', properties: {}, additionalProperties: true };
    expect(offeredSchema({ type: 'array' })).toEqual(open);
    expect(offeredSchema('nope')).toEqual(open);
    expect(offeredSchema({ type: 'object', properties: { big: { description: 'x'.repeat(20_000) } } })).toEqual(open);
    expect(offeredSchema({})).toEqual({ type: 'object', properties: {} });
  });
});
