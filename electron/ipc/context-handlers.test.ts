// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { contextChannels } from '../../shared/ipc/context';
import { settingsChannels } from '../../shared/ipc/settings';
import { ContextEngine } from '../context/context-engine';
import { InMemoryCommandSource } from '../context/testing/in-memory-command-source';
import { commandRecord } from '../../shared/testing/command-record';
import {
  InMemoryConversationRepository,
  InMemoryModelConfigRepository,
  InMemoryRedactionSettingsRepository,
} from '../context/testing/in-memory-repositories';
import { contextHandlers } from './context-handlers';
import { seedTurn } from '../context/testing/seed-turn';

const NOW = 1_750_000_000_000;

/** One terminal with a few commands: enough for every channel to have something to answer. */
const makeEngine = async () => {
  const source = new InMemoryCommandSource(() => NOW);
  for (let seq = 0; seq < 5; seq++) {
    const output = `cargo step ${seq}\nerror: linker failed`;
    source.addCommand(
      commandRecord({
        sessionId: 'api',
        seq,
        cwd: '/home/dev/api',
        hostname: 'devbox',
        commandLine: `cargo build ${seq}`,
        startedAt: NOW - 60_000,
        endedAt: NOW - 50_000,
        exitCode: seq % 2,
        outputStart: 0,
        outputEnd: output.length,
        outputSummary: output,
      }),
      output,
    );
  }
  return ContextEngine.create({
    commands: source,
    conversations: new InMemoryConversationRepository(),
    modelConfigs: new InMemoryModelConfigRepository(),
    redactionSettings: new InMemoryRedactionSettingsRepository(),
    now: () => NOW,
  });
};

describe('context IPC handlers', () => {
  it('answer every invoke channel with a payload that matches the contract', async () => {
    const engine = await makeEngine();
    const handlers = contextHandlers(engine);
    const conv = await engine.createConversation('gpt-4o');
    await seedTurn(engine.conversations, { conversationId: conv.id, question: 'q', answer: 'a' });
    const calls: Array<[keyof typeof handlers, unknown]> = [
      ['context:preview', { question: 'why?', model: 'gpt-4o', sessionId: 'api', conversationId: conv.id }],
      ['context:usage', { conversationId: conv.id }],
      ['context:get-commands', { commandIds: ['api:1', 'zz:0'] }],
      ['context:get-model-config', { model: 'gpt-4o' }],
      ['context:compact', { conversationId: conv.id }],
      ['context:undo-compaction', { conversationId: conv.id }],
      ['context:clear', { conversationId: conv.id }],
    ];
    expect(calls.map(([name]) => name).sort()).toEqual(Object.keys(handlers).sort());
    for (const [name, request] of calls) {
      const def = contextChannels[name];
      const parsed = def.req.parse(request);
      const response = await (handlers[name] as (r: unknown) => Promise<unknown>)(parsed);
      expect(() => def.res.parse(response), name).not.toThrow();
    }
  });

  it('turn known failures into typed IPC errors', async () => {
    const usage = contextHandlers(await makeEngine())['context:usage'] as (request: unknown) => unknown;
    // Handlers may throw synchronously or reject; the router maps both the same way.
    const call = (run: () => unknown) => Promise.resolve().then(run);
    await expect(call(() => usage({ conversationId: 'missing' }))).rejects.toMatchObject({ code: 'not-found' });
  });

  it('rejects malformed requests at the schema', () => {
    expect(contextChannels['context:preview'].req.safeParse({ question: '', model: 'm' }).success).toBe(false);
    expect(contextChannels['context:get-commands'].req.safeParse({ commandIds: [] }).success).toBe(false);
    // Redaction is a setting: its schema is checked where it is written.
    const badKind = { redaction: { enabled: true, userPatterns: [{ kind: 'Bad Kind', pattern: 'x' }] } };
    expect(settingsChannels['settings:set'].req.safeParse(badKind).success).toBe(false);
    expect(contextChannels['context:preview'].req.parse({ question: 'q', model: 'm' }).pinnedCommandIds).toEqual([]);
  });
});
