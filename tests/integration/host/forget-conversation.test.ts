// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient, recordEvents, type RecordedEvents } from '../support/host-ws-client';

/** Where in the data directory's database files (file, WAL, shared memory) `marker` still is. */
const filesWith = (dataDir: string, marker: string): string[] =>
  ['', '-wal', '-shm'].filter((suffix) => {
    const path = join(dataDir, `contexterm.db${suffix}`);
    return existsSync(path) && readFileSync(path).includes(marker);
  });

/**
 * Forgetting a command that a conversation attached, through the real host: the attachment, the
 * answer that quoted it, the tool call that fetched it and the summary that retold it lose it too,
 * and no byte of it is left in the database files once the undo window is over.
 */
describe('forgetting a command a conversation used', () => {
  const token = randomUUID().slice(0, 8);
  const line = `ls /nonexistent-dir-${token}`;
  let llm: ScriptedLlmServer;
  let server: AppServer;
  let client: HostClient;
  let conversationId = '';
  let commandId = '';
  const model = { providerId: 'env', model: 'scripted-model' };
  let next: RecordedEvents['next'];

  type Updated = { command: { id: string; commandLine: string | null; exitCode: number | null } };
  /** Runs `line` in the terminal and waits for its record. */
  const run = async (ptyId: string, line: string) => {
    client.send('pty:input', { id: ptyId, data: `${line}\r` });
    return (await next('commands:updated', (p: Updated) => p.command.commandLine === line && p.command.exitCode !== null)).command;
  };
  /** The screens kept for the next start (settings) would hold the text too: these tests are about the history. */
  let clears = 0;
  const clearScreen = (ptyId: string) => run(ptyId, `clear; printf '\\033[3J' # ${++clears}`);

  const ask = async (question: string, attachments: string[]) => {
    const { turnId } = await client.invoke<{ turnId: string }>('assistant:ask', {
      turnId: randomUUID(),
      conversationId,
      question,
      attachments,
      model,
    });
    await next('assistant:done', (p: { turnId: string }) => p.turnId === turnId);
  };

  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    server = await startServer({
      env: {
        CONTEXTERM_PROVIDER: 'openai-compatible',
        CONTEXTERM_BASE_URL: llm.openaiBaseUrl,
        CONTEXTERM_MODEL: 'scripted-model',
        CONTEXTERM_API_KEY: 'sk-test-0123456789',
      },
    });
    client = await HostClient.connect(server.origin, server.token);
    ({ next } = recordEvents(client));
    model.providerId = (await client.invoke<{ defaultProviderId: string }>('settings:get', {})).defaultProviderId;
    const ptyId = (await client.invoke<{ id: string }>('pty:spawn', { cols: 100, rows: 30 })).id;
    await next('session:updated', (p: { session: { mode: string } }) => p.session.mode === 'integrated');
    commandId = (await run(ptyId, line)).id;
    await clearScreen(ptyId);
    conversationId = (await client.invoke<{ id: string }>('conversations:create', {})).id;
  });

  afterAll(async () => {
    client?.close();
    await server?.stop();
    await llm?.close();
  });

  it('erases it from conversations and every database byte after the undo window, and undo keeps it', async () => {
    const quote = `ls: cannot access '/nonexistent-dir-${token}': No such file or directory`;
    // The first try fails and is retried: the question (attachment and all) is stored, deleted, stored again.
    llm.enqueue({ kind: 'error', status: 503, message: 'overloaded' });
    const first = await client.invoke<{ turnId: string }>('assistant:ask', {
      turnId: randomUUID(),
      conversationId,
      question: 'why did this fail?',
      attachments: [commandId],
      model,
    });
    await next('assistant:error', (p: { turnId: string }) => p.turnId === first.turnId);
    llm.enqueue(
      { kind: 'tool-calls', calls: [{ id: 'call_1', name: 'get_commands', arguments: JSON.stringify({ command_ids: [commandId] }) }] },
      {
        kind: 'text',
        text: `You ran \`${line}\` and it printed:\n\n    ${quote}\n\nThe directory nonexistent-dir-${token} does not exist.`,
      },
    );
    const retry = await client.invoke<{ turnId: string }>('assistant:retry', { conversationId, turnId: randomUUID() });
    await next('assistant:done', (p: { turnId: string }) => p.turnId === retry.turnId);
    llm.enqueue({ kind: 'text', text: 'Create it first.' }, { kind: 'text', text: 'Yes.' });
    await ask('what should I do?', []);
    await ask('ok?', []);
    llm.enqueue({ kind: 'text', text: `The user ran ${line}; it failed with ${quote}.` });
    const compacted = await client.invoke<{ mode: string }>('context:compact', { conversationId });
    expect(compacted.mode).toBe('summarize');
    expect(filesWith(server.dataDir, `nonexistent-dir-${token}`)).not.toEqual([]);

    // Undone in time: nothing is erased, the command is still there.
    await client.invoke('history:forget', { commandIds: [commandId], undoMs: 5000 });
    expect(await client.invoke('history:forget-undo', { commandIds: [commandId] })).toEqual({ restored: [commandId] });
    expect(
      (await client.invoke<{ commands: Array<{ id: string }> }>('commands:search', { query: token })).commands.map((c) => c.id),
    ).toContain(commandId);

    // Not undone: erased when the window is over, and every window is told.
    const asked = Date.now();
    await client.invoke('history:forget', { commandIds: [commandId], undoMs: 1500 });
    await next('history:forgotten', (p: { commandIds: string[] }) => p.commandIds.includes(commandId));
    expect(Date.now() - asked).toBeGreaterThanOrEqual(1400);
    expect(await client.invoke('history:forget-undo', { commandIds: [commandId] })).toEqual({ restored: [] });

    const { messages } = await client.invoke<{ messages: Array<{ role: string; content: string; attachments?: unknown[] }> }>(
      'conversations:get',
      { conversationId },
    );
    expect(JSON.stringify(messages)).not.toContain(token);
    expect(messages.some((m) => m.content.includes('You ran `[forgotten]`'))).toBe(true);
    // The next question sends none of it either: not the summary, not the assistant's memory of it.
    llm.enqueue({ kind: 'text', text: 'Noted.' });
    await ask('anything else?', []);
    expect(JSON.stringify(llm.requests.at(-1)!.body)).not.toContain(token);
    await client.invoke('history:free-space', {});
    expect(filesWith(server.dataDir, line)).toEqual([]);
    expect(filesWith(server.dataDir, `nonexistent-dir-${token}`)).toEqual([]);
    expect(filesWith(server.dataDir, 'cannot access')).toEqual([]);
  });

  it('erases a forget still in its undo window when the app shuts down', async () => {
    const ptyId = (await client.invoke<Array<{ id: string }>>('pty:list', {}))[0]!.id;
    const command = await run(ptyId, `echo shutdown-marker-${token}`);
    // commands:list commits what the recorder holds, so the bytes are in the files before the forget.
    await client.invoke('commands:list', { sessionId: ptyId });
    await client.invoke('history:forget', { commandIds: [command.id], undoMs: 30_000 });
    expect(filesWith(server.dataDir, `shutdown-marker-${token}`)).not.toEqual([]);
    await clearScreen(ptyId);
    client.close();
    await server.stop();
    expect(filesWith(server.dataDir, `shutdown-marker-${token}`)).toEqual([]);
  });
});
