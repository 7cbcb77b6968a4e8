// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { toAnthropicRequest } from '../../llm/anthropic-messages';
import { toOpenAIRequest } from '../../llm/openai-messages';
import { ContextEngine } from '../context-engine';
import { InMemoryCommandSource } from '../testing/in-memory-command-source';
import {
  InMemoryConversationRepository,
  InMemoryModelConfigRepository,
  InMemoryRedactionSettingsRepository,
} from '../testing/in-memory-repositories';
import { seedTurn } from '../testing/seed-turn';

const NOW = 1_750_000_000_000;

const engineWith = async (source = new InMemoryCommandSource(() => NOW)) =>
  ContextEngine.create({
    commands: source,
    conversations: new InMemoryConversationRepository(),
    modelConfigs: new InMemoryModelConfigRepository(),
    redactionSettings: new InMemoryRedactionSettingsRepository(),
    now: () => NOW,
  });

describe('history is kept and dropped by whole turns', () => {
  it('never sends an answer whose question was dropped (a small budget, a long old answer)', async () => {
    const engine = await engineWith();
    await engine.setModelConfig({ model: 'small', contextLimit: 4096, reservedOutputTokens: 400 });
    const conv = await engine.createConversation('small');
    // The question is long, its answer short: trimming message by message kept "The answer is 42." alone.
    await seedTurn(engine.conversations, {
      conversationId: conv.id,
      question: `What is the answer? ${'Some long context about the question. '.repeat(400)}`,
      answer: 'The answer is 42.',
    });
    await seedTurn(engine.conversations, {
      conversationId: conv.id,
      question: 'And why?',
      answer: `Because ${'it is the answer to everything. '.repeat(20)}`,
    });
    const { context, preview } = await engine.buildRequest({ question: 'Thanks, anything else?', model: 'small', conversationId: conv.id });
    expect(context.history[0]?.role ?? 'user').toBe('user');
    expect(context.history.map((h) => h.content)).not.toContain('The answer is 42.');
    // What the assistant sends (electron/assistant/assistant-service.ts): the preview's messages.
    const request = { model: 'small', messages: preview.messages, tools: context.tools };
    const openai = toOpenAIRequest(request, 'openai').messages;
    expect(openai[0]?.role).toBe('system');
    expect(openai[1]?.role).toBe('user');
    const anthropic = toAnthropicRequest(request).messages;
    expect(anthropic[0]?.role).toBe('user');
    expect(JSON.stringify(anthropic[0]?.content)).not.toContain('Earlier conversation omitted');
    expect(JSON.stringify(anthropic)).not.toContain('The answer is 42.');
  });
});
