// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContextWarning } from '../../../shared/ipc/context';
import type { ProviderSettings } from '../../../shared/ipc/settings';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../tests/fixtures/scripted-llm-server';
import { ConversationNotFoundError } from '../../store/conversations/conversation-records';
import { ConversationService } from './conversation-service';
import { InMemoryConversationRepository, InMemoryModelConfigRepository } from '../testing/in-memory-repositories';
import { TwoTrackMemory } from './memory';
import { Redactor } from '../redaction';
import type { ChatModel } from './summarizer';
import { TokenCounters } from '../tokens/token-counter';
import { ModelConfigService } from './model-config-service';
// Summaries go through the same adapter and SDK provider the app uses (no client of the test's own).
import { providerChatModel } from '../../assistant/provider-chat-model';
import { createOpenAIProvider } from '../../llm/openai-provider';
import { seedTurn } from '../testing/seed-turn';

let server: ScriptedLlmServer;
const PROVIDER: ProviderSettings = {
  id: 'local',
  kind: 'openai-compatible',
  label: 'Scripted',
  baseUrl: 'http://127.0.0.1',
  defaultModel: '',
  timeoutSeconds: 5,
};
let now = 1_000;

const setup = async (options: { chatModel?: (baseUrl: string) => ChatModel | null; timeoutMs?: number } = {}) => {
  const conversations = new InMemoryConversationRepository();
  const modelConfigs = new ModelConfigService(new InMemoryModelConfigRepository());
  const memory = new TwoTrackMemory();
  const provider = createOpenAIProvider({
    kind: 'openai-compatible',
    baseUrl: server.openaiBaseUrl,
    timeouts: { connectTimeoutMs: options.timeoutMs ?? 5000, idleTimeoutMs: options.timeoutMs ?? 5000 },
  });
  const manager = new ConversationService({
    conversations,
    modelConfigs,
    tokens: new TokenCounters(),
    redactor: () => new Redactor(),
    chatModelFor: (model) =>
      options.chatModel
        ? options.chatModel(server.openaiBaseUrl)
        : providerChatModel({ resolve: async () => ({ provider, settings: PROVIDER, model }) }, undefined, model),
    memory,
    now: () => ++now,
  });
  return { conversations, modelConfigs, memory, manager };
};

/** A conversation of `turns` question/answer pairs. */
const talk = async (manager: ConversationService, model: string, turns: number, size = 40) => {
  const conv = await manager.createConversation(model, 'test');
  for (let i = 0; i < turns; i++) {
    await seedTurn(manager, {
      conversationId: conv.id,
      question: `question ${i} ${'q'.repeat(size)}`,
      answer: `answer ${i} ${'word '.repeat(size / 5)}`,
    });
  }
  return conv;
};

beforeEach(async () => {
  server = await startScriptedLlmServer();
});
afterEach(async () => {
  await server.close();
});

describe('usage and clearing', () => {
  it('fails for an unknown conversation, and clearing an unknown one fails too', async () => {
    const { manager } = await setup();
    await expect(manager.getContextUsage('nonexistent')).rejects.toThrow(ConversationNotFoundError);
    await expect(manager.clearContext('nonexistent')).rejects.toThrow(/Conversation not found: nonexistent/);
  });

  it('walks the seed’s workflow on a small model: empty usage, clear and compact are no-ops', async () => {
    const { manager, modelConfigs } = await setup();
    await modelConfigs.set({
      model: 'test-small-model',
      contextLimit: 100,
      compactionMode: 'truncate-oldest',
      warningThreshold: 0.5,
      reservedOutputTokens: 10,
    });
    const conv = await manager.createConversation('test-small-model');
    expect(await manager.getContextUsage(conv.id)).toEqual({ messageCount: 0, estimatedTokens: 0, contextLimit: 100, usagePercent: 0 });
    await manager.clearContext(conv.id);
    const compacted = await manager.compactContext(conv.id);
    expect(compacted.usage.messageCount).toBe(0);
    expect(compacted.mode).toBe('none');
  });

  it('counts history messages and tokens against the configured limit', async () => {
    const { manager, modelConfigs } = await setup();
    await modelConfigs.set({ model: 'm', contextLimit: 10_000 });
    const conv = await talk(manager, 'm', 3);
    const usage = await manager.getContextUsage(conv.id);
    expect(usage.messageCount).toBe(6);
    expect(usage.estimatedTokens).toBeGreaterThan(60);
    expect(usage.usagePercent).toBeCloseTo((usage.estimatedTokens / 10_000) * 100, 10);
  });

  it('clear keeps the conversation id, persists, and undo restores', async () => {
    const { manager, conversations } = await setup();
    const conv = await talk(manager, 'm', 2);
    expect((await manager.clearContext(conv.id)).messageCount).toBe(0);
    expect(await conversations.getConversation(conv.id)).not.toBeNull();
    expect(await conversations.listMessages(conv.id)).toEqual([]);
    expect((await manager.undoCompaction(conv.id)).usage.messageCount).toBe(4);
  });
});

describe('warnings and usage with every answer', () => {
  it('warns when usage reaches the model’s threshold, and says so in the answer’s usage', async () => {
    const { manager, modelConfigs } = await setup();
    await modelConfigs.set({ model: 'm', contextLimit: 400, warningThreshold: 0.5, reservedOutputTokens: 50 });
    const conv = await manager.createConversation('m');
    const warnings: ContextWarning[] = [];
    const off = manager.onWarning((w) => warnings.push(w));
    const first = await seedTurn(manager, { conversationId: conv.id, question: 'short?', answer: 'yes' });
    expect(first.warning).toBe(false);
    expect(warnings).toHaveLength(0);
    const second = await seedTurn(manager, { conversationId: conv.id, question: 'long '.repeat(120), answer: 'answer '.repeat(120) });
    expect(second.warning).toBe(true);
    expect(warnings).toEqual([{ conversationId: conv.id, model: 'm', threshold: 0.5, usage: second.usage }]);
    off();
    await seedTurn(manager, { conversationId: conv.id, question: 'again', answer: 'again' });
    expect(warnings).toHaveLength(1);
  });

  it('never warns for a model without a limit', async () => {
    const { manager } = await setup();
    const conv = await manager.createConversation('unknown-model');
    const result = await seedTurn(manager, { conversationId: conv.id, question: 'x '.repeat(5000), answer: 'y' });
    expect(result).toMatchObject({ warning: false, usage: { contextLimit: null, usagePercent: null } });
  });
});

describe('TruncateOldest', () => {
  it('keeps the newest messages that fit and hides the rest, undoably', async () => {
    const { manager, conversations } = await setup();
    const conv = await talk(manager, 'm', 6);
    const all = await manager.history(conv.id);
    const target = all.slice(-3).reduce((s, m) => s + m.tokens, 0);
    expect(await manager.truncateOldest(conv.id, target)).toBe(9);
    expect((await manager.history(conv.id)).map((m) => m.content)).toEqual(all.slice(-3).map((m) => m.content));
    expect(await conversations.listMessages(conv.id, { includeCompacted: true })).toHaveLength(12);
    await manager.undoCompaction(conv.id);
    expect(await manager.history(conv.id)).toHaveLength(12);
  });

  it('compacts a truncate-mode model down to its effective limit minus the answer reserve', async () => {
    const { manager, modelConfigs } = await setup();
    await modelConfigs.set({ model: 'tiny', contextLimit: 1000, compactionMode: 'truncate-oldest', reservedOutputTokens: 200 });
    const conv = await talk(manager, 'tiny', 20);
    const result = await manager.compactContext(conv.id);
    expect(result.mode).toBe('truncate-oldest');
    expect(result.usage.estimatedTokens).toBeLessThanOrEqual(800 - 200);
    expect(result.compactedMessages).toBeGreaterThan(0);
    expect(result.fallback).toBeNull();
    expect((await manager.undoCompaction(conv.id)).restoredMessages).toBe(result.compactedMessages);
  });
});

describe('Summarize against the scripted LLM server', () => {
  it('summarises the older messages into one, keeps originals, and undo restores them', async () => {
    const { manager, conversations, memory } = await setup();
    const conv = await manager.createConversation('gpt-4o');
    await seedTurn(manager, {
      conversationId: conv.id,
      question: 'why does `make` fail? my DB_PASSWORD=hunter2 is set',
      answer: 'the linker cannot find libssl',
    });
    for (let i = 1; i < 5; i++) await seedTurn(manager, { conversationId: conv.id, question: `follow-up ${i}`, answer: `reply ${i}` });
    server.enqueue({
      kind: 'text',
      text: 'User debugged a make failure: missing libssl.',
      usage: { promptTokens: 200, completionTokens: 12 },
    });

    const result = await manager.compactContext(conv.id);

    expect(result).toMatchObject({ mode: 'summarize', compactedMessages: 6, fallback: null });
    const [request] = await server.waitForRequests(1);
    const body = request!.body as { model: string; stream: boolean; messages: Array<{ role: string; content: string }> };
    expect(body.model).toBe('gpt-4o');
    expect(body.stream).toBe(true);
    expect(body.messages[0]!.role).toBe('system');
    expect(body.messages[1]!.content).toContain('the linker cannot find libssl');
    expect(body.messages[1]!.content).toContain('follow-up 2');
    expect(body.messages[1]!.content).not.toContain('follow-up 3');
    expect(request!.rawBody).not.toContain('hunter2');
    const history = await manager.history(conv.id);
    expect(history[0]!.content).toBe(
      'Summary of the earlier conversation (6 messages, compacted):\nUser debugged a make failure: missing libssl.',
    );
    expect(history.slice(1).map((m) => m.content)).toEqual(['follow-up 3', 'reply 3', 'follow-up 4', 'reply 4']);
    expect(await conversations.listMessages(conv.id, { includeCompacted: true })).toHaveLength(11);
    expect(memory.knowledge().get(`conversation ${conv.id}`)).toBe('User debugged a make failure: missing libssl.');

    const undone = await manager.undoCompaction(conv.id);
    expect(undone).toMatchObject({ undone: true, compactionId: result.compactionId, restoredMessages: 6 });
    expect((await manager.history(conv.id)).map((m) => m.content)[0]).toContain('why does `make` fail?');
    expect(await manager.history(conv.id)).toHaveLength(10);
    expect(memory.knowledge().size).toBe(0);
    expect((await manager.undoCompaction(conv.id)).undone).toBe(false);
  });

  it('folds a long history through several requests, each carrying the summary so far', async () => {
    const { manager, modelConfigs } = await setup();
    await modelConfigs.set({ model: 'small', contextLimit: 4096, compactionMode: 'summarize' });
    const conv = await talk(manager, 'small', 12, 400);
    server.enqueue(
      { kind: 'text', text: 'part one' },
      { kind: 'text', text: 'part one and two' },
      { kind: 'text', text: 'all parts' },
      { kind: 'text', text: 'all parts, final' },
    );
    const result = await manager.compactContext(conv.id);
    expect(result.mode).toBe('summarize');
    const requests = server.requests;
    expect(requests.length).toBeGreaterThan(1);
    expect((requests[1]!.body as { messages: Array<{ content: string }> }).messages[1]!.content).toContain('Summary so far:\npart one');
    expect((await manager.history(conv.id))[0]!.content).toContain(
      ['part one', 'part one and two', 'all parts', 'all parts, final'][requests.length - 1]!,
    );
  });

  it('falls back to truncation when the model answers 500, and says so', async () => {
    const { manager } = await setup();
    const conv = await talk(manager, 'gpt-4o', 5);
    server.enqueue({ kind: 'error', status: 500, message: 'upstream exploded' });
    const result = await manager.compactContext(conv.id);
    expect(result.mode).toBe('truncate-oldest');
    expect(result.fallback?.reason).toContain('server error (500): upstream exploded');
    expect(result.note).toMatch(/Summarising failed .* dropped the 6 oldest messages instead/);
    expect(await manager.history(conv.id)).toHaveLength(4);
    expect((await manager.undoCompaction(conv.id)).usage.messageCount).toBe(10);
  });

  it('falls back when the server is unreachable', async () => {
    const { manager } = await setup();
    const conv = await talk(manager, 'gpt-4o', 5);
    await server.close();
    const result = await manager.compactContext(conv.id);
    expect(result.fallback?.reason).toMatch(/cannot reach http:\/\/127\.0\.0\.1/i);
    server = await startScriptedLlmServer();
  });

  it('falls back when the model does not answer in time', async () => {
    const { manager } = await setup({ timeoutMs: 300 });
    const conv = await talk(manager, 'gpt-4o', 5);
    server.enqueue({ kind: 'hang' });
    const result = await manager.compactContext(conv.id);
    expect(result.fallback?.reason).toMatch(/^No response from http:\/\/127\.0\.0\.1:\d+ within/);
    expect(result.mode).toBe('truncate-oldest');
  });

  it('falls back when no model is available, and on an empty summary', async () => {
    const none = await setup({ chatModel: () => null });
    const conv = await talk(none.manager, 'gpt-4o', 5);
    expect((await none.manager.compactContext(conv.id)).fallback?.reason).toContain('no model is available');
    const { manager } = await setup();
    const other = await talk(manager, 'gpt-4o', 5);
    server.enqueue({ kind: 'text', text: '   ' });
    expect((await manager.compactContext(other.id)).fallback?.reason).toContain('empty summary');
  });

  it('has nothing to summarise in a short conversation', async () => {
    const { manager } = await setup();
    const conv = await talk(manager, 'gpt-4o', 2);
    expect(await manager.compactContext(conv.id)).toMatchObject({ mode: 'none', compactedMessages: 0 });
    expect(server.requests).toHaveLength(0);
  });
});
