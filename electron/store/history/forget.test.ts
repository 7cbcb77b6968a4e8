// SPDX-License-Identifier: MIT
import { existsSync, readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { commandInput, sessionInput } from '../testing/fixtures';
import { useTempStore } from '../testing/temp-store';
import type { Store } from '../store';

const temp = useTempStore();
let store: Store;
beforeEach(() => {
  store = temp.store;
});

/** Every byte the data directory holds for the database: the file, its WAL and shared memory. */
const fileContains = (marker: string): boolean =>
  ['', '-wal', '-shm'].some((suffix) => existsSync(store.path + suffix) && readFileSync(store.path + suffix).includes(marker));

/** A turn as a shell shows it: prompt and echoed command line, keystrokes, output; returns its command id. */
const turn = (sessionId: string, seq: number, line: string, output: string): string => {
  const prev = store.outputBytes(sessionId)!;
  store.appendChunk(sessionId, 1, Date.now(), Buffer.from(`$ `));
  store.appendChunk(sessionId, 0, Date.now(), Buffer.from(`${line}\r`));
  store.appendChunk(sessionId, 1, Date.now(), Buffer.from(`${line}\r\n`));
  const start = store.outputBytes(sessionId)!;
  store.upsertCommand(commandInput(sessionId, seq, { commandLine: line, outputStart: start, startedAt: Date.now() }));
  store.appendChunk(sessionId, 1, Date.now(), Buffer.from(output));
  const end = store.outputBytes(sessionId)!;
  store.upsertCommand({
    ...commandInput(sessionId, seq, { commandLine: line, outputStart: start, startedAt: Date.now() }),
    outputEnd: end,
    endedAt: Date.now(),
    exitCode: 0,
    cleanOutput: output,
  });
  expect(start).toBeGreaterThan(prev);
  return `${sessionId}:${seq}`;
};

describe('forget', () => {
  it('leaves no byte of a forgotten command in the file, the index or a conversation', async () => {
    store.startSession(sessionInput('s'));
    turn('s', 1, 'echo keepme-alpha', 'keepme-alpha output\r\n');
    const secret = turn('s', 2, 'export TOKEN=forgetme-7f3a9c', 'forgetme-7f3a9c printed\r\n'.repeat(2000));
    turn('s', 3, 'echo keepme-omega', 'keepme-omega output\r\n');
    await store.flush({ searchable: true });
    const conversation = await store.tables.conversations.createConversation({ model: 'm', title: 'talk', createdAt: Date.now() });
    await store.tables.conversations.appendMessage(
      conversation.id,
      { role: 'user', content: 'why?', tokenCount: 1, tokenModel: 'm', createdAt: Date.now() },
      { attachments: [{ commandId: secret, commandLine: 'export TOKEN=forgetme-7f3a9c' }] },
    );
    expect(fileContains('forgetme-7f3a9c')).toBe(true);
    expect((await store.searchHistory({ query: 'forgetme' })).hits.map((hit) => hit.command.id)).toEqual([secret]);

    const result = await store.tables.history.forget({ commandIds: [secret] });
    expect(result).toMatchObject({ commands: 1, attachments: 1, commandIds: [secret] });

    expect(fileContains('forgetme-7f3a9c')).toBe(false);
    expect((await store.searchHistory({ query: 'forgetme' })).hits).toEqual([]);
    expect(await store.commandsByIds([secret])).toEqual([]);
    const [message] = await store.tables.conversations.listMessages(conversation.id);
    expect(message?.meta).toEqual({ attachments: [{ commandId: secret, commandLine: null, forgotten: true }] });
    // The neighbours are whole: their records, their search entries and their bytes at their offsets.
    const kept = (await store.searchHistory({ query: 'keepme' })).hits.map((hit) => hit.command);
    expect(kept.map((c) => c.id).sort()).toEqual(['s:1', 's:3']);
    const last = kept.find((c) => c.id === 's:3')!;
    expect((await store.readOutput('s', last.outputStart, last.outputEnd)).toString()).toBe('keepme-omega output\r\n');
    expect(fileContains('keepme-alpha')).toBe(true);
  });

  it('leaves no copy in conversations: rewritten meta, quoting answers, tool calls, summaries, titles, settings', async () => {
    store.startSession(sessionInput('s'));
    const line = 'ls /nonexistent-dir-q7z41';
    const error = "ls: cannot access '/nonexistent-dir-q7z41': No such file or directory";
    const doomed = turn('s', 1, line, `${error}\r\n`);
    turn('s', 2, 'echo keepme-beta', 'keepme-beta output\r\n');
    await store.flush({ searchable: true });
    const talk = store.tables.conversations;
    const { id } = await talk.createConversation({ model: 'm', title: `about ${line}`, createdAt: Date.now() });
    const at = Date.now();
    const attachments = [{ commandId: doomed, commandLine: line }];
    const question = await talk.appendMessage(
      id,
      { role: 'user', content: 'why?', tokenCount: 1, tokenModel: 'm', createdAt: at },
      { attachments },
    );
    const answer = await talk.appendMessage(
      id,
      {
        role: 'assistant',
        content: `Running \`${line}\` printed:\n\n    ${error}\n\nThe path /nonexistent-dir-q7z41 is missing. keepme stays.`,
        tokenCount: 9,
        tokenModel: 'm',
        createdAt: at + 1,
        toolCalls: [{ id: 't1', name: 'get_commands', arguments: JSON.stringify({ query: 'nonexistent-dir-q7z41' }) }],
      },
      { toolCalls: [{ id: 't1', name: 'get_commands', summary: `found ${line}` }] },
    );
    // The question's meta rewritten after another row landed below it on the page: its old cell is
    // freed in the middle of the page, where no later insert overwrites it.
    await talk.setMessageMeta(question.id, { attachments, partialText: `It says ${error}`, error: { kind: 'network' } });
    await talk.applyCompaction({
      record: {
        id: 'c1',
        conversationId: id,
        mode: 'summarize',
        summary: `User ran ${line}; it failed: ${error}`,
        model: 'm',
        fallbackReason: null,
        messageIds: [question.id],
        createdAt: at + 2,
      },
      summaryMessage: {
        role: 'user',
        content: `Summary: the user ran ${line} and saw /nonexistent-dir-q7z41 missing.`,
        tokenCount: 5,
        tokenModel: 'm',
        createdAt: at + 2,
      },
    });
    // A setting that once held the screen (as the kept screens do) and was rewritten after another
    // row landed below it: its old value must not linger in the page's free space.
    await store.tables.settings.set('screens', JSON.stringify({ s: `$ ${line}\r\n${error}\r\n` }));
    await store.tables.settings.set('other', JSON.stringify({ text: 'x'.repeat(40) }));
    await store.tables.settings.set('screens', JSON.stringify({ s: '$ clear' }));
    expect(fileContains('nonexistent-dir-q7z41')).toBe(true);

    await store.tables.history.forget({ commandIds: [doomed] });

    expect(fileContains('nonexistent-dir-q7z41')).toBe(false);
    expect(fileContains('cannot access')).toBe(false);
    const messages = await talk.listMessages(id, { includeCompacted: true });
    const kept = messages.find((m) => m.id === answer.id)!;
    expect(kept.content).toContain('Running `[forgotten]` printed:');
    expect(kept.content).toContain('The path /[forgotten] is missing. keepme stays.');
    expect((await talk.listCompactions(id))[0]?.summary).toBe('User ran [forgotten]; it failed: [forgotten]');
    expect((await talk.getConversation(id))?.title).toBe('about [forgotten]');
    expect(fileContains('keepme-beta')).toBe(true);
  });

  it('forgets a whole ended session, rows and all', async () => {
    store.startSession(sessionInput('gone'));
    turn('gone', 1, 'echo sessionmarker-1', 'sessionmarker-1\r\n');
    store.endSession('gone', Date.now());
    store.startSession(sessionInput('stays'));
    turn('stays', 1, 'echo other', 'other\r\n');
    await store.flush({ searchable: true });
    const result = await store.tables.history.forget({ sessionId: 'gone' });
    expect(result).toMatchObject({ commands: 1, sessions: 1 });
    expect(await store.getSession('gone')).toBeUndefined();
    expect(fileContains('sessionmarker-1')).toBe(false);
    expect(await store.getSession('stays')).toBeDefined();
  });

  it('forgets a time range across sessions and keeps a live session open for more output', async () => {
    store.startSession(sessionInput('a', { startedAt: Date.now() - 10_000 }));
    turn('a', 1, 'echo rangemarker-a', 'rangemarker-a\r\n');
    store.startSession(sessionInput('b', { startedAt: Date.now() - 10_000 }));
    turn('b', 1, 'echo rangemarker-b', 'rangemarker-b\r\n');
    await store.flush({ searchable: true });
    const result = await store.tables.history.forget({ sinceMs: Date.now() - 60_000, untilMs: Date.now() + 1 });
    expect(result.commands).toBe(2);
    expect(fileContains('rangemarker')).toBe(false);
    // Still recording: the live session's next command lands normally.
    turn('a', 2, 'echo afterwards', 'afterwards\r\n');
    await store.flush({ searchable: true });
    expect((await store.searchHistory({ query: 'afterwards' })).hits.map((hit) => hit.command.id)).toEqual(['a:2']);
  });

  it('drops the kept screens (workspace-screens) of the sessions it touches, all of them for a range', async () => {
    const screen = (text: string) => ({ data: text, marks: [] });
    const keptIds = async () => Object.keys(JSON.parse((await store.tables.settings.get('workspace-screens')) ?? '{}') as object).sort();
    store.startSession(sessionInput('s'));
    const doomed = turn('s', 1, 'echo screenmarker-c8d2', 'screenmarker-c8d2\r\n');
    store.startSession(sessionInput('t'));
    turn('t', 1, 'echo neighbour-e5f1', 'neighbour-e5f1\r\n');
    store.startSession(sessionInput('u'));
    turn('u', 1, 'echo sessionscreen-b3a0', 'sessionscreen-b3a0\r\n');
    await store.flush({ searchable: true });
    await store.tables.settings.set(
      'workspace-screens',
      JSON.stringify({
        s: screen('$ echo screenmarker-c8d2\r\nscreenmarker-c8d2'),
        t: screen('$ echo neighbour-e5f1'),
        u: screen('$ echo sessionscreen-b3a0'),
        old: screen('yesterday-9d4c'),
      }),
    );

    const one = await store.tables.history.forget({ commandIds: [doomed] });
    expect(one.screens).toEqual({ all: false, sessionIds: ['s'] });
    expect(await keptIds()).toEqual(['old', 't', 'u']);
    expect(fileContains('screenmarker-c8d2')).toBe(false);
    expect(fileContains('neighbour-e5f1')).toBe(true);

    const session = await store.tables.history.forget({ sessionId: 'u' });
    expect(session.screens).toEqual({ all: false, sessionIds: ['u'] });
    expect(await keptIds()).toEqual(['old', 't']);
    expect(fileContains('sessionscreen-b3a0')).toBe(false);

    // A range: every kept screen, an earlier run's too (it may show the range after a restart).
    const range = await store.tables.history.forget({ sinceMs: Date.now() - 60_000, untilMs: Date.now() + 1 });
    expect(range.screens.all).toBe(true);
    expect(range.screens.sessionIds).toEqual(expect.arrayContaining(['s', 't']));
    expect(await store.tables.settings.get('workspace-screens')).toBeUndefined();
    expect(fileContains('yesterday-9d4c')).toBe(false);
  });

  it('takes back the stored prompt, keystrokes and output of a command kept out of history', async () => {
    store.startSession(sessionInput('s'));
    turn('s', 1, 'echo visible', 'visible\r\n');
    const from = store.outputBytes('s')!;
    store.appendChunk('s', 1, Date.now(), Buffer.from('$ '));
    store.appendChunk('s', 0, Date.now(), Buffer.from(' export PASS=excluded-91ab\r'));
    store.appendChunk('s', 1, Date.now(), Buffer.from(' export PASS=excluded-91ab\r\n'));
    await store.flush();
    store.dropRange('s', from, store.outputBytes('s')!);
    store.skipOutput('s', 100);
    turn('s', 2, 'echo next', 'next\r\n');
    await store.flush({ searchable: true });
    expect(fileContains('excluded-91ab')).toBe(false);
    const [next] = await store.commandsByIds(['s:2']);
    expect((await store.readOutput('s', next!.outputStart, next!.outputEnd)).toString()).toBe('next\r\n');
  });
});
