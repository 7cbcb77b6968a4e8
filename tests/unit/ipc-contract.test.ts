// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import { createRouter, type Client, type InvokeHandlers, type SendHandlers } from '../../electron/ipc/router';
import { channels, DomainError, type ChannelName } from '../../shared/ipc';

const client: Client = { id: 'test', emit: () => undefined, onClose: () => undefined };

/** Handlers that record calls, so a test can prove a rejected payload never reached one. */
const spyHandlers = () => {
  const calls: string[] = [];
  const invoke = {} as Record<string, () => unknown>;
  const send = {} as Record<string, () => void>;
  for (const [name, def] of Object.entries(channels)) {
    if (def.kind === 'invoke') invoke[name] = () => void calls.push(name);
    if (def.kind === 'send') send[name] = () => void calls.push(name);
  }
  return { calls, invoke: invoke as unknown as InvokeHandlers, send: send as unknown as SendHandlers };
};

/** Values no channel accepts as a whole payload. */
const MALFORMED: unknown[] = [undefined, null, 42, 'x', [], true, { id: 7 }, { id: 'ok', data: 5, cols: -1 }];

/** Per-channel payloads that are close to valid but wrong in one field. */
const NEAR_MISSES: Partial<Record<ChannelName, unknown[]>> = {
  'pty:spawn': [
    { cols: 0, rows: 24 },
    { cols: 80, rows: 1e9 },
    { cols: 80.5, rows: 24 },
    { cols: 80, rows: 24, cwd: 7 },
  ],
  'pty:attach': [{ id: '../../etc' }, { id: '' }, { id: 'a'.repeat(65) }],
  'pty:kill': [{ id: 'bad id' }],
  'pty:list': [{ all: true }],
  'pty:busy': [{ id: 3 }],
  'pty:input': [
    { id: 'abc', data: 3 },
    { id: 4, data: 'x' },
  ],
  'pty:resize': [
    { id: 'abc', cols: 0, rows: 10 },
    { id: 'abc', cols: 10 },
  ],
  'pty:ack': [
    { id: 'abc', chars: -5 },
    { id: 'abc', chars: 1.5 },
    { id: 'abc', chars: '5' },
  ],
  'pty:visibility': [{ visible: 'yes' }, {}, { visible: true, id: 'abc' }],
  'pty:recording': [{ id: 'abc' }, { id: 'abc', paused: 'yes' }, { id: 'bad id', paused: true }],
  'history:usage': [{ all: true }],
  'history:free-space': [{ now: 1 }],
  'history:forget': [
    { commandIds: [] },
    { commandIds: ['a:1'], undoMs: 60_000 },
    { commandIds: ['a:1'], undoMs: -1 },
    { commandIds: ['x'] },
    { sessionId: '' },
    { sinceMs: -1 },
    { sinceMs: 0, commandIds: ['a:1'] },
    {},
  ],
  'history:status': [{ x: 1 }],
  'history:forget-undo': [{ commandIds: [] }, { commandIds: ['x'] }, { commandIds: 'a:1' }],
  'completion:list': [
    {},
    { terminalId: 't1' },
    { line: 'git ch' },
    { terminalId: '', line: 'git ch' },
    { terminalId: 't1', line: 'x'.repeat(10_001) },
    { terminalId: 't1', line: 3 },
    { terminalId: 't1', line: 'git ch', cwd: '/etc' },
  ],
  'history:suggest': [
    {},
    { id: 't1' },
    { id: 't1', prefix: '' },
    { id: 't1', prefix: 'x'.repeat(10_001) },
    { id: 'a b', prefix: 'ls' },
    { id: 't1', prefix: 3 },
    { id: 't1', prefix: 'ls', cwd: '/' },
  ],
  'history:search': [
    {},
    { query: 3 },
    { query: 'x'.repeat(10_001) },
    { query: 'x', limit: 0 },
    { query: 'x', limit: 1001 },
    { query: 'x', failed: 'yes' },
    { query: 'x', since: -1 },
    { query: 'x', cwd: '' },
    { query: 'x', offset: -1 },
    { query: 'x', ranBy: 'robot' },
    { query: 'x', mode: 'words' },
    { query: 'x', extra: 1 },
  ],
  'sync:status': [{ x: 1 }],
  'sync:now': [{ now: true }],
  'sync:off': [{ confirmed: true }],
  'sync:set-up': [
    {},
    { endpoint: 'file:///etc', bucket: 'b', prefix: '', region: 'r', deviceName: '', commandsOnly: false },
    { endpoint: 'not a url', bucket: 'b', prefix: '', region: 'r', deviceName: '', commandsOnly: false },
    { endpoint: 'http://127.0.0.1:9000', bucket: '', prefix: '', region: 'r', deviceName: '', commandsOnly: false },
    { endpoint: 'http://127.0.0.1:9000', bucket: 'b', prefix: 'a/../b', region: 'r', deviceName: '', commandsOnly: false },
    { endpoint: 'http://127.0.0.1:9000', bucket: 'b', prefix: '', region: 'r', deviceName: '', commandsOnly: 'yes' },
    {
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'b',
      prefix: '',
      region: 'r',
      deviceName: '',
      commandsOnly: false,
      phrase: 'x'.repeat(1001),
    },
    { endpoint: 'http://127.0.0.1:9000', bucket: 'b', prefix: '', region: 'r', deviceName: '', commandsOnly: false, accessKey: 'AKIA' },
  ],
  'workspace:save': [
    { groups: [{ root: { kind: 'leaf', id: 'bad id' }, focus: 'a' }] },
    { groups: [{ root: { kind: 'split', orientation: 'horizontal', children: [] }, focus: 'a' }] },
    {},
  ],
  'workspace:restore': [{ confirmed: 'yes' }, { all: true }],
  'workspace:layout': [{ all: true }],
  'workspace:start': [
    {},
    { cols: 0, rows: 30 },
    { cols: 100, rows: 1e9 },
    { cols: 100.5, rows: 30 },
    { cols: 100, rows: 30, restore: false },
  ],
  'app:open-external': [{ url: 'file:///etc/passwd' }, { url: 'javascript:alert(1)' }, { url: 'not a url' }],
  'app:info': [{ extra: 1 }],
  'app:memory': [{ extra: 1 }, null],
  'app:notify': [
    { title: '', body: 'b', tag: 's:1' },
    { title: 't', body: 'b' },
    { title: 't', body: 'b', tag: 's:1', extra: 1 },
    { title: 'x'.repeat(201), body: '', tag: 's:1' },
  ],
  'session:list': [{ endedWithinMs: -1 }, { bogus: true }],
  'session:get': [{ id: '' }, { id: 5 }],
  'commands:list': [{ sessionId: '' }, { sessionId: 's', limit: 0 }, { sessionId: 's', limit: 5000 }],
  'commands:search': [
    {},
    { query: 'x'.repeat(10_001) },
    { query: 'ok', limit: -1 },
    { query: 'ok', exitCode: 1.5 },
    { query: 'ok', host: '' },
    { query: 'ok', bogus: 1 },
  ],
  'commands:get': [{ id: '' }, { id: 12 }],
  'commands:quick-fixes': [{ commandId: '' }, { commandId: 7 }, { id: 'a:1' }, { commandId: 'a:1', extra: 1 }],
  'commands:runs': [
    { commandId: '' },
    { commandId: 'a:1', limit: 0 },
    { commandId: 'a:1', limit: 201 },
    { commandId: 'a:1', anywhere: 1 },
    { commandId: 'a:1', extra: 1 },
  ],
  'commands:output': [{ id: '' }, { id: 'a:1', format: 'html' }, { id: 'a:1', format: 'ansi', extra: 1 }],
  'assistant:ask': [
    { conversationId: 'c', question: '', model: { providerId: 'p', model: 'm' } },
    { conversationId: 'c', question: 'q', model: { providerId: 'Bad Id', model: 'm' } },
    { conversationId: 'c', question: 'q', model: { providerId: 'p', model: 'm' }, attachments: Array(51).fill('s:1') },
    { conversationId: 'c', question: 'q', model: { providerId: 'p', model: 'm' } },
    { conversationId: 'c', question: 'q', model: { providerId: 'p', model: 'm' }, turnId: 'no spaces allowed' },
  ],
  'assistant:retry': [{ conversationId: '' }, { conversationId: 'c', model: { providerId: 'p' } }],
  'assistant:cancel': [{ turnId: '' }, { turnId: 'x', extra: 1 }],
  'assistant:inline-ask': [
    { requestId: 'req-00000001', sessionId: 's', words: '', model: { providerId: 'p', model: 'm' } },
    { requestId: 'req-00000001', sessionId: '', words: 'list files', model: { providerId: 'p', model: 'm' } },
    { requestId: 'no spaces allowed', sessionId: 's', words: 'list files', model: { providerId: 'p', model: 'm' } },
    { requestId: 'req-00000001', sessionId: 's', words: 'list files', model: { providerId: 'p', model: 'm' }, previous: { words: 'w' } },
  ],
  'assistant:inline-cancel': [{ requestId: '' }, { requestId: 'req-00000001', extra: 1 }],
  'agent:decide': [
    { stepId: 's', decision: 'maybe' },
    { stepId: '', decision: 'run' },
    { stepId: 's', decision: 'run', remember: 'yes' },
    { stepId: 's', decision: 'run', command: '' },
    { stepId: 's', decision: 'run', command: 'x'.repeat(8001) },
    { stepId: 's', decision: 'skip', activeSessionId: 's1' },
  ],
  'agent:steps': [{}, { conversationId: '' }, { conversationId: 'c', extra: 1 }],
  'mcp:servers': [{ all: true }],
  'mcp:add': [
    { name: 'bad name', command: 'x', args: [], env: {} },
    { name: 'a'.repeat(41), command: 'x', args: [], env: {} },
    { name: 'ok', command: '  ', args: [], env: {} },
    { name: 'ok', command: 'x', args: [1], env: {} },
    { name: 'ok', command: 'x', args: [], env: { 'BAD NAME': 'v' } },
    { name: 'ok', command: 'x', args: [], env: {}, extra: 1 },
    { name: 'ok', command: 'x' },
  ],
  'mcp:remove': [{}, { name: '../x' }, { name: 'ok', extra: 1 }],
  'mcp:read-only-without-asking': [{ name: 'ok' }, { name: 'ok', on: 'yes' }, { name: '', on: true }],
  'mcp:decide': [
    { stepId: 's' },
    { stepId: '', decision: 'allow' },
    { stepId: 's', decision: 'run' },
    { stepId: 's', decision: 'allow', extra: 1 },
  ],
  'mcp:steps': [{}, { conversationId: '' }, { conversationId: 'c', extra: 1 }],
  'conversations:list': [{ limit: 0 }, { limit: 501 }],
  'conversations:create': [{ title: '' }, { title: 'x'.repeat(201) }],
  'conversations:rename': [
    { conversationId: 'c', title: '' },
    { conversationId: '', title: 't' },
  ],
  'conversations:delete': [{ conversationId: '' }, { id: 'c' }],
  'conversations:search': [{ query: '' }, { query: 'q', limit: 0 }],
  'conversations:get': [{ conversationId: 5 }],
  'context:preview': [{ question: 5 }, { conversationId: '', question: 'q' }],
  'context:usage': [{ conversationId: '' }, { conversationId: 'c', x: 1 }],
  'context:get-commands': [{ commandIds: [] }, { commandIds: Array(51).fill('s:1') }],
  'context:get-model-config': [{ model: '' }],
  'context:compact': [{ conversationId: 1 }],
  'context:undo-compaction': [{ conversationId: '' }],
  'context:clear': [{ conversationId: null }],
  'settings:get': [{ all: true }],
  'settings:set': [
    { terminal: { fontSize: 2 } },
    { terminal: { theme: 'neon' } },
    { bogus: {} },
    // Model limits and redaction are written here only (no context:* duplicates).
    { models: [{ model: 'm', contextLimit: -5, warningThreshold: 0.8, compactionMode: 'summarize', reservedOutputTokens: 0 }] },
    { models: [{ model: 'm', contextLimit: 5, warningThreshold: 2, compactionMode: 'summarize', reservedOutputTokens: 0 }] },
    { redaction: { enabled: 'yes', userPatterns: [] } },
    { redaction: { enabled: true, userPatterns: [{ kind: 'Bad Kind', pattern: 'x' }] } },
    // A host is what goes after `ssh`: one word, each once (ssh/plan.sh reads the list line by line).
    { ssh: { integration: true, offHosts: ['two words'] } },
    { ssh: { integration: true, offHosts: ['box\nother'] } },
    { ssh: { integration: true, offHosts: ['box', 'box'] } },
    { ssh: { integration: 'yes', offHosts: [] } },
    { ssh: { integration: true } },
  ],
  'settings:test-provider': [{ providerId: 'UPPER' }, { providerId: 'p', model: '' }],
  'settings:set-key': [
    { providerId: 'p', key: '' },
    { providerId: 'p', key: 'has space' },
  ],
  'settings:delete-key': [{ providerId: '' }],
  'models:list': [{ providerId: 'p', refresh: 'yes' }],
};

describe('IPC validation', () => {
  const names = Object.keys(channels) as ChannelName[];

  it.each(names.filter((name) => channels[name].kind === 'invoke'))(
    'invoke %s rejects malformed payloads without calling the handler',
    async (name) => {
      const { calls, invoke, send } = spyHandlers();
      const router = createRouter(invoke, send);
      for (const payload of [...MALFORMED, ...(NEAR_MISSES[name] ?? [])]) {
        const result = await router.invoke(client, name, payload);
        expect(result.ok, `${name} accepted ${JSON.stringify(payload)}`).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('invalid-payload');
      }
      expect(calls).toEqual([]);
    },
  );

  it.each(names.filter((name) => channels[name].kind === 'send'))(
    'send %s drops malformed payloads without calling the handler',
    (name) => {
      const { calls, invoke, send } = spyHandlers();
      const rejected = vi.fn();
      const router = createRouter(invoke, send, { onRejected: rejected });
      const payloads = [...MALFORMED, ...(NEAR_MISSES[name] ?? [])];
      for (const payload of payloads) router.send(client, name, payload);
      expect(calls).toEqual([]);
      expect(rejected).toHaveBeenCalledTimes(payloads.length);
    },
  );

  it('every channel has near-miss cases', () => {
    const inbound = names.filter((name) => channels[name].kind !== 'event');
    expect(inbound.filter((name) => !NEAR_MISSES[name])).toEqual([]);
  });

  it('answers unknown channels and wrong kinds with a typed error', async () => {
    const { invoke, send } = spyHandlers();
    const router = createRouter(invoke, send);
    expect(await router.invoke(client, 'nope:nothing', {})).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    expect(await router.invoke(client, 'pty:input', { id: 'a', data: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    });
    expect(await router.invoke(client, { toString: () => 'pty:list' }, {})).toMatchObject({ ok: false });
  });

  it('has no second way to write settings: the old context:* setters are unknown channels', async () => {
    const { invoke, send } = spyHandlers();
    const router = createRouter(invoke, send);
    const removed = [
      'context:list-model-configs',
      'context:set-model-config',
      'context:reset-model-config',
      'context:get-redaction',
      'context:set-redaction',
    ];
    for (const name of removed) {
      expect(await router.invoke(client, name, {}), name).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    }
  });

  it('turns a throwing handler into an internal error instead of crashing', async () => {
    const { invoke, send } = spyHandlers();
    const onError = vi.fn();
    const router = createRouter(
      {
        ...invoke,
        'pty:list': () => {
          throw new Error('boom');
        },
      },
      send,
      { onError },
    );
    expect(await router.invoke(client, 'pty:list', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('maps every domain error, thrown or rejected, by its own code in one place and logs none of them', async () => {
    class NotThere extends DomainError {
      constructor() {
        super('not-found', 'No such tab.');
      }
    }
    const { invoke, send } = spyHandlers();
    const onError = vi.fn();
    const router = createRouter(
      {
        ...invoke,
        'pty:list': () => {
          throw new NotThere();
        },
        'app:info': () => Promise.reject(new DomainError('invalid-request', 'Bad pattern.')),
      },
      send,
      { onError },
    );
    expect(await router.invoke(client, 'pty:list', {})).toEqual({ ok: false, error: { code: 'not-found', message: 'No such tab.' } });
    expect(await router.invoke(client, 'app:info', {})).toEqual({ ok: false, error: { code: 'invalid-request', message: 'Bad pattern.' } });
    expect(onError).not.toHaveBeenCalled();
  });

  it('passes valid payloads through', async () => {
    const { calls, invoke, send } = spyHandlers();
    const router = createRouter(invoke, send);
    expect((await router.invoke(client, 'pty:spawn', { cols: 80, rows: 24 })).ok).toBe(true);
    router.send(client, 'pty:input', { id: 'abc', data: 'ls\r' });
    router.send(client, 'app:open-external', { url: 'https://example.com/x' });
    expect(calls).toEqual(['pty:spawn', 'pty:input', 'app:open-external']);
  });
});
