// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { exposedName, MAX_OFFERED_TOOLS, MAX_TOOL_NAME, offeredTools, plainText, sanitizeSchema } from './mcp-names';

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

describe('tool names offered to the model', () => {
  it('is SERVER__TOOL, with characters the providers refuse replaced', () => {
    expect(exposedName('files', 'read_file', new Set())).toBe('files__read_file');
    expect(exposedName('files', 'read.file/v2 ü', new Set())).toBe('files__read_file_v2__');
    expect(exposedName('files', '', new Set())).toBe('files__tool');
  });

  it('is clamped to 64 characters and kept distinct after the clamp', () => {
    const server = 's'.repeat(40);
    const long = 't'.repeat(80);
    const first = exposedName(server, long, new Set());
    expect(first).toHaveLength(MAX_TOOL_NAME);
    const second = exposedName(server, `${long}x`, new Set([first]));
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
      { server: 'web', tools: [{ name: 'go', description: 'Goes\u001b[31m\nthere\u202e now', inputSchema: {}, annotations: { readOnlyHint: true } }] },
    ]);
    expect(tools[0]).toMatchObject({ name: 'web__go', description: '[MCP server web] Goes [31m there now', readOnly: true, server: 'web', toolName: 'go' });
    expect(plainText('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('sanitizeSchema', () => {
  it('keeps an object schema without $schema/$id, and opens anything else', () => {
    expect(sanitizeSchema({ $schema: 'x', $id: 'y', type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
    const open = { type: 'object', properties: {}, additionalProperties: true };
    expect(sanitizeSchema({ type: 'array' })).toEqual(open);
    expect(sanitizeSchema('nope')).toEqual(open);
    expect(sanitizeSchema({ type: 'object', properties: { big: { description: 'x'.repeat(20_000) } } })).toEqual(open);
    expect(sanitizeSchema({})).toEqual({ type: 'object', properties: {} });
  });
});
