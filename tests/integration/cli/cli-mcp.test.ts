// SPDX-License-Identifier: MIT
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretCases } from '../../fixtures/secret-corpus';
import { startServer, type AppServer } from '../../e2e/support/app';
import { Terminal } from '../support/host-terminal';
import { HostClient } from '../support/host-ws-client';
import { callTool, connectMcp, runCli } from './cli-support';

/** A generated AWS key id (never a real one): printed by a command, it must leave only as a placeholder. */
const SECRET = secretCases().find((c) => c.kind === 'aws-access-key-id')!.secret;

interface Summary {
  id: string;
  command_line: string | null;
  cwd: string | null;
  exit_code: number | null;
  started_at: number;
}
interface Listed {
  command_id: string;
  command_line: string | null;
  session_id: string;
}

let server: AppServer;
let host: HostClient;
let terminal: Terminal;
let mcp: Client;
let secretId: string;
let forgottenId: string;
let privateSessionId: string;

const search = async (query: string): Promise<Summary[]> => {
  const run = await runCli(['history', 'search', query, '--data-dir', server.dataDir, '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Summary[];
};

// Terminal.run waits with expect.poll, which only runs inside a test: the recording is the first one.
beforeAll(async () => {
  server = await startServer();
  host = await HostClient.connect(server.origin, server.token);
}, 30_000);

afterAll(async () => {
  await mcp?.close();
  host?.close();
  await server?.stop();
});

it('records commands in a normal and a private tab, and forgets one', async () => {
  terminal = await Terminal.open(host);
  const hidden = await Terminal.open(host, { private: true });
  privateSessionId = hidden.id;
  await hidden.run('echo private-$((6*7))-marker', /private-42-marker/);
  await terminal.run('echo first-$((6*7))-marker', /first-42-marker/);
  // The key is printed whole, but the line typed holds it only in two halves.
  await terminal.run(`printf 'key %s%s done\\n' ${SECRET.slice(0, 10)} ${SECRET.slice(10)}`, /done\r\n/);
  await terminal.run('echo forgetme-$((7*7))-marker', /forgetme-49-marker/);
  await expect.poll(async () => (await terminal.commands()).length, { timeout: 20_000 }).toBe(3);
  const [, printed, doomed] = await terminal.commands();
  secretId = printed!.id;
  forgottenId = doomed!.id;
  await host.invoke('history:forget', { commandIds: [forgottenId] });
  mcp = await connectMcp(server.dataDir);
}, 60_000);

describe('bin/contexterm while the app runs on the same data directory', () => {
  it("finds recorded commands, newest first, and never a private tab's or a forgotten one", async () => {
    const found = await search('marker');
    expect(found.map((c) => c.command_line)).toEqual(['echo first-$((6*7))-marker']);
    expect(found[0]).toMatchObject({
      id: expect.stringMatching(/:/),
      exit_code: 0,
      cwd: expect.any(String),
      started_at: expect.any(Number),
    });
    expect(await search('forgetme')).toEqual([]);
    expect(await search('private')).toEqual([]);
  });

  it('returns a command recorded after it started, as soon as the app stored it', async () => {
    await terminal.run('echo later-$((8*8))-marker', /later-64-marker/);
    await expect
      .poll(async () => (await search('marker')).map((c) => c.command_line), { timeout: 10_000 })
      .toEqual(['echo later-$((8*8))-marker', 'echo first-$((6*7))-marker']);
  });

  it('prints the output with the secret replaced, and cannot be used to guess it by prefix', async () => {
    const shown = await runCli(['history', 'show', secretId, '--data-dir', server.dataDir]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/key \[REDACTED:[^\]]+\] done/);
    expect(shown.stdout).not.toContain(SECRET);
    const json = JSON.parse((await runCli(['history', 'show', secretId, '--json', '--data-dir', server.dataDir])).stdout) as {
      output: string;
    };
    expect(json.output).toContain('[REDACTED:');
    expect(json.output).not.toContain(SECRET);
    // The index holds the key; a search for its beginning must not confirm it.
    expect(await search(SECRET.slice(0, 12))).toEqual([]);
    for (const format of ['json', 'asciicast']) {
      const exported = await runCli(['history', 'export', secretId.split(':')[0]!, '--format', format, '--data-dir', server.dataDir]);
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain('[REDACTED:');
      expect(exported.stdout).not.toContain(SECRET);
      expect(exported.stdout).not.toContain('private-42');
      expect(exported.stdout).not.toContain('forgetme-49');
    }
  });

  it('says what is missing in one line with an exit code', async () => {
    const missing = await runCli(['history', 'show', forgottenId, '--data-dir', server.dataDir]);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect((await runCli(['history', 'export', privateSessionId, '--data-dir', server.dataDir])).code).toBe(1);
    expect((await runCli(['history', 'search', '--data-dir', server.dataDir, '--bogus'])).code).toBe(2);
  });
});

describe('contexterm mcp while the app runs', () => {
  it('lists its tools and the recent-activity resource', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'get_command_output',
      'get_commands',
      'list_sessions',
      'recent_commands',
      'search_commands',
    ]);
    const { resources } = await mcp.listResources();
    expect(resources.map((r) => r.uri)).toContain('contexterm://recent');
  });

  it('searches, lists and fetches without the secret, the private tab or the forgotten command', async () => {
    const found = await callTool<{ commands: Listed[] }>(mcp, 'search_commands', { query: 'marker' });
    expect(found.commands.map((c) => c.command_line)).toContain('echo first-$((6*7))-marker');
    const recent = await callTool<{ commands: Listed[] }>(mcp, 'recent_commands', { limit: 50 });
    expect(recent.commands.map((c) => c.command_id)).toContain(secretId);
    expect(recent.commands.map((c) => c.command_id)).not.toContain(forgottenId);
    expect(recent.commands.every((c) => c.session_id !== privateSessionId)).toBe(true);
    const sessions = await callTool<{ sessions: Array<{ session_id: string }> }>(mcp, 'list_sessions', {});
    expect(sessions.sessions.map((s) => s.session_id)).toEqual([terminal.id]);
    await expect
      .poll(async () => JSON.stringify(await callTool(mcp, 'get_commands', { command_ids: [secretId] })), { timeout: 10_000 })
      .toContain('[REDACTED:');
    const fetched = await callTool<{
      commands: Array<{ full_output: string; host: string | null; exit_code: number }>;
      unknown_ids?: string[];
    }>(mcp, 'get_commands', { command_ids: [secretId, forgottenId] });
    expect(fetched.commands).toHaveLength(1);
    expect(fetched.commands[0]).toMatchObject({ exit_code: 0, host: expect.any(String) });
    expect(fetched.unknown_ids).toEqual([forgottenId]);
    const page = await callTool<{ lines: string[]; total_lines: number }>(mcp, 'get_command_output', { command_id: secretId });
    expect(page.lines.join('\n')).toMatch(/key \[REDACTED:[^\]]+\] done/);
    // The index holds the key; a search for its beginning must not confirm it.
    expect((await callTool<{ commands: Listed[] }>(mcp, 'search_commands', { query: SECRET.slice(0, 12) })).commands).toEqual([]);
    const everything = JSON.stringify([found, recent, sessions, fetched, page]);
    for (const leak of [SECRET, 'private-42', 'forgetme-49']) expect(everything).not.toContain(leak);
  });

  it('gives the recent activity as the assistant sees it, redacted, and commands recorded since it started', async () => {
    await terminal.run('echo fresh-$((9*9))-marker', /fresh-81-marker/);
    await expect
      .poll(async () => (await callTool<{ commands: Listed[] }>(mcp, 'recent_commands', { limit: 1 })).commands[0]?.command_line, {
        timeout: 10_000,
      })
      .toBe('echo fresh-$((9*9))-marker');
    const { contents } = await mcp.readResource({ uri: 'contexterm://recent' });
    const text = (contents[0] as { text: string }).text;
    expect(text).toContain(`=== Session ${terminal.id} ===`);
    expect(text).toContain('$ echo fresh-$((9*9))-marker');
    expect(text).toContain('[REDACTED:');
    for (const leak of [SECRET, 'private-42', 'forgetme-49']) expect(text).not.toContain(leak);
  });
});
