// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { InMemoryConversationRepository, InMemoryModelConfigRepository } from '../testing/in-memory-repositories';
import { Redactor } from '../redaction';
import { TokenCounters } from '../tokens/token-counter';
import { ConversationService } from './conversation-service';
import { ModelConfigService } from './model-config-service';
import { seedTurn } from '../testing/seed-turn';

/** As in compaction.ts. */
const NOTHING_TO_COMPACT = 'Nothing to compact yet:';

let now = 1_000;

/** No model to summarise with: Summarize falls back to truncation, as in the app without a provider. */
const setup = () => {
  const modelConfigs = new ModelConfigService(new InMemoryModelConfigRepository());
  const manager = new ConversationService({
    conversations: new InMemoryConversationRepository(),
    modelConfigs,
    tokens: new TokenCounters(),
    redactor: () => new Redactor(),
    chatModelFor: () => null,
    now: () => ++now,
  });
  return { manager, modelConfigs };
};

const talk = async (manager: ConversationService, model: string, turns: number) => {
  const conv = await manager.createConversation(model, 'test');
  for (let i = 0; i < turns; i++) {
    await seedTurn(manager, {
      conversationId: conv.id,
      question: `question ${i} ${'q'.repeat(200)}`,
      answer: `answer ${i} ${'word '.repeat(60)}`,
    });
  }
  return conv;
};

describe('compaction says what it did, or why it did nothing', () => {
  it('says there is nothing to compact when only the kept turns exist (Summarize)', async () => {
    const { manager, modelConfigs } = setup();
    await modelConfigs.set({ model: 'm', contextLimit: 2000, compactionMode: 'summarize' });
    const conv = await talk(manager, 'm', 1);
    const before = await manager.getContextUsage(conv.id);
    const result = await manager.compactContext(conv.id);
    expect(result).toMatchObject({ mode: 'none', compactionId: null, compactedMessages: 0, fallback: null });
    expect(result.usage).toEqual(before);
    expect(result.note).toMatch(new RegExp(`^${NOTHING_TO_COMPACT} .*only 2 messages`));
  });

  it('says why Truncate oldest did nothing: no limit, or everything already fits', async () => {
    const { manager, modelConfigs } = setup();
    await modelConfigs.set({ model: 'unlimited', contextLimit: 0, compactionMode: 'truncate-oldest' });
    const open = await talk(manager, 'unlimited', 3);
    const none = await manager.compactContext(open.id);
    expect(none.mode).toBe('none');
    expect(none.note).toMatch(/^Nothing to compact yet: unlimited has no context limit/);

    await modelConfigs.set({ model: 'roomy', contextLimit: 100_000, compactionMode: 'truncate-oldest' });
    const roomy = await talk(manager, 'roomy', 2);
    const fits = await manager.compactContext(roomy.id);
    expect(fits).toMatchObject({ mode: 'none', compactedMessages: 0 });
    expect(fits.note).toMatch(/^Nothing to compact yet: the 4 messages \([\d,]+ tokens\) already fit/);
  });

  it('lowers usage when it does compact, and Summarize still falls back to truncation', async () => {
    const { manager, modelConfigs } = setup();
    await modelConfigs.set({ model: 'm', contextLimit: 2000, compactionMode: 'summarize' });
    const conv = await talk(manager, 'm', 5);
    const before = await manager.getContextUsage(conv.id);
    const result = await manager.compactContext(conv.id);
    expect(result.mode).toBe('truncate-oldest');
    expect(result.fallback?.reason).toContain('no model is available');
    expect(result.note).not.toContain(NOTHING_TO_COMPACT);
    expect(result.compactedMessages).toBeGreaterThan(0);
    expect(result.usage.estimatedTokens).toBeLessThan(before.estimatedTokens);
  });
});
