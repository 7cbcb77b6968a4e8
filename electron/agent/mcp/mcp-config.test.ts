// SPDX-License-Identifier: MIT
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addServer, parseMcpConfig, removeServer, setReadOnlyWithoutAsking } from './mcp-config';
import { readMcpConfig } from './mcp-config-file';

describe('parseMcpConfig', () => {
  it('reads the shape other MCP clients use, keeping their keys', () => {
    const config = parseMcpConfig(
      JSON.stringify({
        mcpServers: { files: { command: 'npx', args: ['-y', 'srv'], env: { TOKEN: 'x' }, type: 'stdio', timeout: 5 } },
        other: 1,
      }),
    );
    expect(config.servers).toEqual([
      { name: 'files', command: 'npx', args: ['-y', 'srv'], env: { TOKEN: 'x' }, readOnlyWithoutAsking: false },
    ]);
    expect(config.bad).toEqual([]);
    expect(config.raw['other']).toBe(1);
  });

  it('reports a bad entry by name and keeps the good ones', () => {
    const config = parseMcpConfig(
      JSON.stringify({
        mcpServers: {
          ok: { command: 'srv' },
          'bad name!': { command: 'srv' },
          nocmd: { args: [] },
          web: { type: 'http', url: 'https://x', command: 'srv' },
          numbers: { command: 'srv', args: [1] },
          off: { command: 'srv', disabled: true },
        },
      }),
    );
    expect(config.servers.map((s) => s.name)).toEqual(['ok']);
    expect(Object.fromEntries(config.bad.map((b) => [b.name, b.problem]))).toEqual({
      'bad name!': 'the name "bad name!" must be 1–40 letters, digits, _ or -',
      nocmd: 'needs a "command" string',
      web: 'only stdio servers are supported ("type": "stdio")',
      numbers: '"args" must be a list of strings',
    });
  });

  it('refuses a file that is not JSON or not the shape', () => {
    expect(() => parseMcpConfig('{')).toThrow(/not valid JSON/);
    expect(() => parseMcpConfig('[]')).toThrow(/JSON object/);
    expect(() => parseMcpConfig('{"mcpServers": []}')).toThrow(/object of servers/);
    expect(parseMcpConfig('{}').servers).toEqual([]);
  });

  it('edits keep the other keys of the file and of the entry', () => {
    const raw = { mcpServers: { a: { command: 'x', timeout: 3 } }, theirs: true };
    const added = addServer(raw, { name: 'b', command: 'y', args: ['1'], env: {} });
    expect(added).toEqual({ mcpServers: { a: { command: 'x', timeout: 3 }, b: { command: 'y', args: ['1'], env: {} } }, theirs: true });
    expect(setReadOnlyWithoutAsking(added, 'a', true)['mcpServers']).toMatchObject({
      a: { command: 'x', timeout: 3, readOnlyWithoutAsking: true },
    });
    expect(() => setReadOnlyWithoutAsking(added, 'zz', true)).toThrow(/no server named "zz"/);
    expect(removeServer(added, 'a')).toEqual({ mcpServers: { b: { command: 'y', args: ['1'], env: {} } }, theirs: true });
  });
});

describe('readMcpConfig', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dir = () => {
    const made = mkdtempSync(join(tmpdir(), 'ct-mcp-unit-'));
    dirs.push(made);
    return made;
  };
  const body = JSON.stringify({ mcpServers: { a: { command: 'x' } } });

  it('is empty without a file, and reads a 0600 file', () => {
    const d = dir();
    expect(readMcpConfig(d)).toMatchObject({ problem: null, config: { servers: [] } });
    writeFileSync(join(d, 'mcp.json'), body, { mode: 0o600 });
    expect(readMcpConfig(d).config.servers).toHaveLength(1);
  });

  it.skipIf(process.platform === 'win32')('refuses a file others can read, a link, or bad JSON, without throwing', () => {
    const d = dir();
    writeFileSync(join(d, 'mcp.json'), body, { mode: 0o600 });
    chmodSync(join(d, 'mcp.json'), 0o644);
    expect(readMcpConfig(d)).toMatchObject({ problem: expect.stringMatching(/mode 644.*chmod 600/), config: { servers: [] } });
    const e = dir();
    writeFileSync(join(e, 'target.json'), body, { mode: 0o600 });
    symlinkSync(join(e, 'target.json'), join(e, 'mcp.json'));
    expect(readMcpConfig(e).problem).toMatch(/symbolic link/);
    const f = dir();
    writeFileSync(join(f, 'mcp.json'), '{"mcpServers":', { mode: 0o600 });
    expect(readMcpConfig(f).problem).toMatch(/was not used: it is not valid JSON/);
  });
});
