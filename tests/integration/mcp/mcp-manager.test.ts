// SPDX-License-Identifier: MIT
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpManager } from '../../../electron/agent/mcp/mcp-manager';
import { projectPath } from '../../../electron/runtime/paths';

const SERVER = projectPath('tests/fixtures/mcp-test-server.mjs');

let manager: McpManager | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await manager?.close();
  manager = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const dataDir = (servers: Record<string, unknown>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'ct-mcp-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: servers }), { mode: 0o600 });
  return dir;
};

const entry = (env: Record<string, string> = {}) => ({ command: process.execPath, args: [SERVER], env });

const until = async <T>(read: () => T, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> => {
  await expect.poll(() => ok(read()), { timeout: timeoutMs, interval: 50 }).toBe(true);
  return read();
};

const serverView = (name: string) => manager!.view().servers.find((s) => s.name === name);

describe('McpManager over real stdio servers', () => {
  it('starts a server, lists its tools as SERVER__TOOL and calls one', async () => {
    const dir = dataDir({ notes: entry() });
    manager = new McpManager({ dataDir: dir });
    manager.start();
    const view = await until(
      () => serverView('notes'),
      (s) => s?.state === 'connected',
    );
    expect(view?.tools.map((t) => t.exposedName).sort()).toEqual([
      'notes__env_report',
      'notes__hang',
      'notes__markup_name',
      'notes__read_note',
      'notes__write_marker',
    ]);
    expect(view?.tools.find((t) => t.name === 'read_note')?.readOnly).toBe(true);
    expect(view?.tools.find((t) => t.name === 'write_marker')?.readOnly).toBe(false);
    expect(manager.tools().find((t) => t.name === 'notes__write_marker')?.description).toMatch(/^\[MCP server notes\] Writes TEXT/);
    const marker = join(dir, 'marker');
    const result = (await manager.call('notes', 'write_marker', { path: marker, text: 'hi' }, new AbortController().signal)) as {
      content: { text: string }[];
    };
    expect(result.content[0]?.text).toBe(`wrote ${marker}`);
    expect(readFileSync(marker, 'utf8')).toBe('hi');
    expect(view?.stderr.join('\n')).toContain('mcp-test-server: starting');
  });

  it('passes only the entry env and a short safe list: none of our keys', async () => {
    process.env['OPENAI_API_KEY'] = 'sk-test-never-passed';
    try {
      const dir = dataDir({ envs: entry({ GIVEN: '1' }) });
      manager = new McpManager({ dataDir: dir });
      manager.start();
      await until(
        () => serverView('envs'),
        (s) => s?.state === 'connected',
      );
      const result = (await manager.call(
        'envs',
        'env_report',
        { names: ['GIVEN', 'OPENAI_API_KEY', 'PATH', 'HOME'] },
        new AbortController().signal,
      )) as {
        content: { text: string }[];
      };
      expect(JSON.parse(result.content[0]!.text)).toEqual({ GIVEN: true, OPENAI_API_KEY: false, PATH: true, HOME: true });
    } finally {
      delete process.env['OPENAI_API_KEY'];
    }
  });

  it('times out a call that hangs, and a start that hangs', async () => {
    const dir = dataDir({ slow: entry(), stuck: entry({ MCP_TEST_MODE: 'hang-start' }) });
    manager = new McpManager({ dataDir: dir, timeouts: { callMs: 300, startMs: 5_000, maxRestarts: 0 } });
    manager.start();
    await until(
      () => serverView('slow'),
      (s) => s?.state === 'connected',
    );
    await expect(manager.call('slow', 'hang', {}, new AbortController().signal)).rejects.toThrow(/timed out/i);
    // An abort ends a call at once, whatever its timeout.
    const abort = new AbortController();
    const pending = manager.call('slow', 'hang', {}, abort.signal);
    abort.abort();
    await expect(pending).rejects.toThrow();
    const stuck = await until(
      () => serverView('stuck'),
      (s) => s?.state === 'failed',
    );
    expect(stuck?.reason).toMatch(/did not start within 5 s/);
    expect(manager.tools().some((t) => t.server === 'stuck')).toBe(false);
  });

  it('a server that crashes at start is failed with its stderr kept, and restarted with back-off', async () => {
    const dir = dataDir({ broken: entry({ MCP_TEST_MODE: 'crash' }), fine: entry() });
    manager = new McpManager({ dataDir: dir, timeouts: { backoffMs: 100, maxRestarts: 3 } });
    manager.start();
    await until(
      () => serverView('fine'),
      (s) => s?.state === 'connected',
    );
    const failed = await until(
      () => serverView('broken'),
      (s) => s?.state === 'failed' && /gave up after 3 restarts/.test(s.reason ?? ''),
    );
    expect(failed?.stderr.join('\n')).toContain('cannot open the database: permission denied');
    // Four starts in all (the first and three restarts), each one's stderr kept in the ring.
    expect(failed?.stderr.filter((line) => line.includes('starting (mode crash)'))).toHaveLength(4);
    expect(manager.tools().every((t) => t.server === 'fine')).toBe(true);
    // Touching the file (or adding it again from Settings) tries a server that gave up once more.
    manager.reload();
    await until(
      () => serverView('broken'),
      (s) => (s?.stderr.filter((line) => line.includes('starting (mode crash)')).length ?? 0) > 4,
    );
  });

  it('a running server that crashes is failed, then restarted and offered again', async () => {
    const dir = dataDir({ flaky: entry({ MCP_TEST_MODE: 'die-later' }) });
    const seen = new Set<string>();
    manager = new McpManager({ dataDir: dir, timeouts: { backoffMs: 100 } });
    manager.onChange(() => seen.add(`${serverView('flaky')?.state}:${serverView('flaky')?.reason ?? ''}`));
    manager.start();
    await until(
      () => seen,
      (states) => [...states].some((s) => /^failed:the server exited; restarting in 100 ms$/.test(s)),
    );
    expect([...seen].some((s) => s.startsWith('connected:'))).toBe(true);
    await until(
      () => serverView('flaky'),
      (s) => s?.state === 'connected' && (s.stderr.filter((line) => line.includes('starting')).length ?? 0) >= 2,
    );
    expect(manager.tools().some((t) => t.name === 'flaky__read_note')).toBe(true);
  });

  it('a bad file is reported and starts nothing; a fixed one is picked up by the watcher', async () => {
    const dir = dataDir({});
    const path = join(dir, 'mcp.json');
    writeFileSync(path, '{ "mcpServers": ');
    manager = new McpManager({ dataDir: dir });
    manager.start();
    expect(manager.view().problem).toMatch(/not valid JSON/);
    writeFileSync(path, JSON.stringify({ mcpServers: { later: entry() } }));
    await until(
      () => serverView('later'),
      (s) => s?.state === 'connected',
    );
    chmodSync(path, 0o644);
    manager.reload();
    expect(manager.view().problem).toMatch(/chmod 600/);
    expect(manager.view().servers).toEqual([]);
    // Settings never rewrites a file it could not read.
    expect(() => manager!.remove('later')).toThrow(/nothing was changed/);
  });

  it('add and remove write mcp.json (0600) and start or stop the server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ct-mcp-'));
    dirs.push(dir);
    manager = new McpManager({ dataDir: dir });
    manager.start();
    manager.add({ name: 'added', command: process.execPath, args: [SERVER], env: { A: 'b' } });
    await until(
      () => serverView('added'),
      (s) => s?.state === 'connected',
    );
    expect(JSON.parse(readFileSync(join(dir, 'mcp.json'), 'utf8'))).toEqual({
      mcpServers: { added: { command: process.execPath, args: [SERVER], env: { A: 'b' } } },
    });
    manager.setReadOnlyWithoutAsking('added', true);
    expect(manager.readOnlyWithoutAsking('added')).toBe(true);
    expect(serverView('added')?.state).toBe('connected');
    manager.remove('added');
    expect(serverView('added')).toBeUndefined();
    expect(existsSync(join(dir, 'mcp.json'))).toBe(true);
  });
});
