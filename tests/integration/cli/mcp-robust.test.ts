// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryFixture } from '../../../electron/cli/testing/history-fixture';
import { McpWire } from './mcp-wire';

/**
 * `contexterm mcp` against what real clients met (issue 39): no database yet, a busy one, many
 * clients at once, a client that never reads, a huge request line, answers that JSON escaping
 * makes longer than their budget. Each speaks raw JSON-RPC to a real child process.
 */

const MAX_ANSWER = 80_000;
let base: string;
let fixture: HistoryFixture | undefined;
const servers: McpWire[] = [];

const start = (dataDir: string): McpWire => {
  const wire = new McpWire(dataDir);
  servers.push(wire);
  return wire;
};

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'ct-mcp-robust-'));
});
afterEach(() => {
  for (const wire of servers.splice(0)) wire.kill();
  fixture?.remove();
  fixture = undefined;
  rmSync(base, { recursive: true, force: true });
});

const textOf = (answer: { content: Array<{ text: string }> }): string => answer.content[0]!.text;

describe('contexterm mcp without a usable database', () => {
  it('answers the handshake with no database, says why a call fails, and works once the app creates it', async () => {
    const dataDir = join(base, 'data');
    const wire = start(dataDir);
    expect((await wire.initialize()).result).toMatchObject({ serverInfo: { name: 'contexterm' } });
    const listed = await wire.request('tools/list');
    expect((listed.result as { tools: unknown[] }).tools).toHaveLength(5);
    const refused = await wire.callTool('recent_commands', {});
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(`no history database at ${join(dataDir, 'contexterm.db')}`);
    // The app starts and creates its database where the server looks: no restart.
    fixture = new HistoryFixture();
    fixture.add({ line: 'echo created-later', chunks: ['created-later\r\n'] });
    fixture.close();
    renameSync(fixture.dir, dataDir);
    const answer = await wire.callTool('recent_commands', {});
    expect(answer.isError).toBeFalsy();
    expect(textOf(answer)).toContain('echo created-later');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the handshake while the database is locked, says it is busy, and reads once it is free', async () => {
    fixture = new HistoryFixture();
    fixture.add({ line: 'echo while-busy', chunks: ['while-busy\r\n'] });
    fixture.close();
    // An exclusive lock no reader can pass, as a crashed-and-recovering or foreign writer would hold.
    const locker = new Database(join(fixture.dir, 'contexterm.db'));
    locker.pragma('locking_mode = EXCLUSIVE');
    locker.exec('BEGIN EXCLUSIVE');
    const wire = start(fixture.dir);
    expect((await wire.initialize()).result).toMatchObject({ serverInfo: { name: 'contexterm' } });
    expect((await wire.request('tools/list')).result).toHaveProperty('tools');
    const busy = await wire.callTool('search_commands', { query: 'while' });
    expect(busy.isError).toBe(true);
    expect(textOf(busy)).toMatch(/busy|locked/);
    locker.exec('COMMIT');
    locker.close();
    const answer = await wire.callTool('search_commands', { query: 'while' });
    expect(answer.isError).toBeFalsy();
    expect(textOf(answer)).toContain('echo while-busy');
  }, 90_000);
});

describe('contexterm mcp under load', () => {
  it('serves 20 clients at once', async () => {
    fixture = new HistoryFixture();
    const ids = Array.from({ length: 5 }, (_, i) => fixture!.add({ line: `echo many-${i}`, chunks: [`many-${i}\r\n`] }));
    const dir = fixture.dir;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const wire = start(dir);
        await wire.initialize();
        const found = await wire.callTool('search_commands', { query: 'many' });
        const fetched = await wire.callTool('get_commands', { command_ids: ids });
        const exit = await wire.close();
        return {
          found: JSON.parse(textOf(found)) as { commands: unknown[] },
          fetched: JSON.parse(textOf(fetched)) as { commands: unknown[] },
          exit,
          typed: found.structuredContent,
        };
      }),
    );
    for (const { found, fetched, exit, typed } of answers) {
      expect(typed).toEqual(found);
      expect(found.commands).toHaveLength(5);
      expect(fetched.commands).toHaveLength(5);
      expect(exit.code).toBe(0);
    }
  }, 120_000);

  it('stops reading requests while its answers are not read, and keeps its memory bounded', async () => {
    fixture = new HistoryFixture();
    // Answers of ~80 KB each: 2,000 of them are 160 MB a server without backpressure would buffer.
    const ids = Array.from({ length: 20 }, (_, i) => fixture!.add({ line: `cat big-${i}`, chunks: ['z'.repeat(8000)] }));
    const wire = start(fixture.dir);
    await wire.initialize();
    await wire.request('tools/list');
    const idle = wire.rssBytes();
    wire.child.stdout.pause();
    const count = 2000;
    const sent = Array.from({ length: count }, () => wire.send('tools/call', { name: 'get_commands', arguments: { command_ids: ids } }));
    let peak = 0;
    // Either it stops reading (requests stay pending here, its stderr says why), or its memory grows.
    await expect
      .poll(
        () => {
          peak = Math.max(peak, wire.rssBytes());
          return /not reading/.test(wire.stderr) || peak > idle + 150 * 2 ** 20;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(true);
    expect(wire.child.stdin.writableLength).toBeGreaterThan(0);
    peak = Math.max(peak, wire.rssBytes());
    expect(peak - idle).toBeLessThan(40 * 2 ** 20);
    // Reading again, every answer comes, none lost. (Memory is not compared here: answering 2,000
    // calls in a row leaves garbage the collector takes back when it likes, which is not buffering.)
    let last = 0;
    wire.child.stdout.resume();
    for (const id of sent) last = (await wire.answer(id)).id ?? 0;
    expect(last).toBe(sent[count - 1]);
    expect(wire.lineById.size).toBeGreaterThanOrEqual(count);
  }, 120_000);
});

describe('contexterm mcp, bad requests and big answers', () => {
  it('answers every request sent before the client closed stdin, then says why it ends', async () => {
    fixture = new HistoryFixture();
    fixture.add({ line: 'echo piped', chunks: ['piped\r\n'] });
    const wire = start(fixture.dir);
    await wire.initialize();
    const sent = Array.from({ length: 30 }, () => wire.send('tools/call', { name: 'recent_commands', arguments: {} }));
    const exit = await wire.close();
    expect(exit.code).toBe(0);
    expect(sent.every((id) => wire.lineById.get(id)?.includes('echo piped'))).toBe(true);
    expect(wire.stderr).toMatch(/contexterm: the MCP client closed stdin/);
  });

  it('says why it ends when stopped by a signal, or when the client closes its end of stdout', async () => {
    fixture = new HistoryFixture();
    const signalled = start(fixture.dir);
    await signalled.initialize();
    signalled.child.kill('SIGTERM');
    expect((await signalled.exited).code).toBe(143);
    expect(signalled.stderr).toMatch(/contexterm: stopped by SIGTERM/);
    const deaf = start(fixture.dir);
    await deaf.initialize();
    deaf.child.stdout.destroy();
    deaf.send('tools/list');
    expect((await deaf.exited).code).toBe(0);
    expect(deaf.stderr).toMatch(/contexterm: the MCP client closed its end of stdout/);
  });

  it('ends with a reason on stderr and a non-zero exit on a request line over 10 MB', async () => {
    fixture = new HistoryFixture();
    const wire = start(fixture.dir);
    await wire.initialize();
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 99,
      method: 'tools/call',
      params: { name: 'search_commands', arguments: { query: 'q'.repeat(11 * 2 ** 20) } },
    });
    wire.child.stdin.write(`${huge}\n`);
    const exit = await wire.exited;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(wire.stderr).toMatch(/contexterm: .*request line .*longer than/);
  }, 60_000);

  it('keeps get_commands of 20 large records within 80,000 characters as sent, escaping included, and says how to get the rest', async () => {
    fixture = new HistoryFixture();
    // Every other character needs escaping in JSON: quotes, backslashes, tabs, controls (\u0001 is six).
    const nasty = Array.from({ length: 6000 }, (_, i) => `"\\\t\u0001␛x`[i % 6]).join('');
    const ids = Array.from({ length: 20 }, (_, i) =>
      fixture!.add({ line: `printf nasty-${i}`, chunks: ['.'], cleanOutput: `${nasty}\n`.repeat(5) }),
    );
    const wire = start(fixture.dir);
    await wire.initialize();
    const id = wire.send('tools/call', { name: 'get_commands', arguments: { command_ids: ids } });
    const answer = await wire.answer(id);
    const line = wire.lineById.get(id)!;
    expect(JSON.stringify(answer.result).length).toBeLessThanOrEqual(MAX_ANSWER);
    expect(line.length).toBeLessThanOrEqual(MAX_ANSWER + 100);
    const parsed = JSON.parse(textOf(answer.result as never)) as {
      commands: Array<{ command_id: string; omitted_chars?: number }>;
      note?: string;
      omitted_ids?: string[];
    };
    expect(parsed.commands.length + (parsed.omitted_ids?.length ?? 0)).toBe(20);
    expect(parsed.commands.some((c) => (c.omitted_chars ?? 0) > 0)).toBe(true);
    expect(parsed.note).toMatch(/fewer ids/);
  });

  it('states its limits in the descriptions, for clients that drop them from the schema', async () => {
    fixture = new HistoryFixture();
    const wire = start(fixture.dir);
    await wire.initialize();
    const { tools } = (await wire.request('tools/list')).result as { tools: Array<{ name: string; description: string }> };
    const described = Object.fromEntries(tools.map((t) => [t.name, t.description]));
    expect(described.get_commands).toMatch(/at most 20 ids/);
    for (const name of ['get_commands', 'search_commands', 'recent_commands', 'list_sessions', 'get_command_output'])
      expect(described[name]).toMatch(/80,000 characters/);
    expect(described.search_commands).toMatch(/at most 50/);
    expect(described.get_command_output).toMatch(/at most 2,000; more is taken as 2,000/);
    expect(described.list_sessions).toMatch(/at most 100/);
  });
});
