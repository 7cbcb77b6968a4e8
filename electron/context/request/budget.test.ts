// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectUnits, shrinkToTokens, type BudgetUnit } from './budget';
import { contextProblems } from '../domain/llm-context';
import { ContextEngine } from '../context-engine';
import { InMemoryConversationRepository, InMemoryModelConfigRepository } from '../testing/in-memory-repositories';
import { generateHistory } from '../testing/test-data';
import { countRequestTokens, countRequestTokensExact } from '../tokens/token-counter';
import { estimateTokens } from '../tokens/token-estimate';
import { seededRandom } from '../testing/token-samples';
import { seedTurn } from '../testing/seed-turn';

const NOW = 1_750_000_000_000;
const HOUR = 3_600_000;

const engineFor = async (seed: number, model: string, contextLimit: number, reservedOutputTokens?: number) => {
  const data = generateHistory(seed, { nowMs: NOW, sessions: 4, commandsPerSession: 30, maxOutputChars: 60_000, spanMs: 3 * HOUR });
  const engine = await ContextEngine.create({
    commands: data.source,
    conversations: new InMemoryConversationRepository(),
    modelConfigs: new InMemoryModelConfigRepository(),
    now: () => NOW,
  });
  await engine.setModelConfig({ model, contextLimit, ...(reservedOutputTokens !== undefined ? { reservedOutputTokens } : {}) });
  const conversation = await engine.createConversation(model);
  const rnd = seededRandom(seed + 1);
  const turns = Math.floor(rnd() * 30);
  for (let i = 0; i < turns; i++) {
    const long = rnd() < 0.2 ? ' and more detail'.repeat(Math.floor(rnd() * 3000)) : '';
    await seedTurn(engine.conversations, {
      conversationId: conversation.id,
      question: `question ${i}${long}`,
      answer: `answer ${i} with PASSWORD=hunter${i}`,
    });
  }
  return { engine, data, conversation, rnd };
};

const unit = (id: string, priority: number, tokens: number, extra: Partial<BudgetUnit> = {}): BudgetUnit => ({
  id,
  section: 'catalog',
  priority,
  order: priority,
  text: 'word '.repeat(tokens),
  tokens,
  redactions: {},
  ...extra,
});

describe('selectUnits', () => {
  const count = (text: string) => estimateTokens(text);

  it('keeps the most important units and drops the least important first', () => {
    const units = [unit('c', 3, 40), unit('a', 1, 40), unit('d', 4, 40), unit('b', 2, 40)];
    const { included, dropped, used } = selectUnits(units, { available: 125, frames: {}, count, separatorTokens: 1 });
    expect(included.map((u) => u.id)).toEqual(['a', 'b', 'c']);
    expect(dropped.map((u) => u.id)).toEqual(['d']);
    expect(used).toBeLessThanOrEqual(125);
  });

  it('shortens a shrinkable unit into the room left, and never drops a required one', () => {
    const units = [
      unit('sys', 0, 30, { required: true, section: 'system' }),
      unit('q', 1, 50, { required: true, section: 'question' }),
      unit('p', 2, 500, { shrinkable: true, section: 'pinned' }),
    ];
    const fits = selectUnits(units, { available: 300, frames: {}, count });
    expect(fits.included.map((u) => u.id)).toEqual(['sys', 'q', 'p']);
    expect(fits.included.find((u) => u.id === 'p')!.shrunkFrom).toBe(500);
    expect(fits.used).toBeLessThanOrEqual(300);
    const huge = selectUnits([units[0]!, { ...units[1]!, text: 'word '.repeat(900), tokens: 900 }, units[2]!], {
      available: 300,
      frames: {},
      count,
    });
    expect(huge.included.map((u) => u.id)).toEqual(['sys', 'q']);
    expect(huge.included.find((u) => u.id === 'q')!.shrunkFrom).toBe(900);
    expect(huge.dropped.map((u) => u.id)).toEqual(['p']);
    expect(huge.used).toBeLessThanOrEqual(300);
  });

  it('holds room for a later required unit so a huge system prompt cannot starve the question', () => {
    const units = [unit('sys', 0, 5000, { required: true, section: 'system' }), unit('q', 1, 100, { required: true, section: 'question' })];
    const { included } = selectUnits(units, { available: 1000, frames: {}, count });
    expect(included.find((u) => u.id === 'q')!.tokens).toBe(100);
  });

  it('charges section headers and group frames once, and respects section caps', () => {
    const units = [unit('a', 1, 10), unit('b', 2, 10), unit('c', 3, 10, { section: 'recent-commands' })];
    const frames = { catalog: { headerTokens: 5, group: 'ctx' }, 'recent-commands': { headerTokens: 5, group: 'ctx' } };
    const all = selectUnits(units, { available: 1000, frames, groups: { ctx: 7 }, count, separatorTokens: 1 });
    expect(all.used).toBe(10 + 5 + 7 + 10 + 1 + 10 + 5);
    const capped = selectUnits(units, { available: 1000, frames, groups: { ctx: 7 }, caps: { catalog: 15 }, count });
    expect(capped.dropped.map((u) => u.id)).toEqual(['b']);
    expect([...capped.capped]).toEqual(['catalog']);
  });

  it('shrinks text to a token target, keeping head and tail', () => {
    const text = Array.from({ length: 400 }, (_, i) => `line ${i} of the log`).join('\n');
    const { text: short, tokens } = shrinkToTokens(text, 200, count);
    expect(tokens).toBeLessThanOrEqual(200);
    expect(short.startsWith('line 0 ')).toBe(true);
    expect(short.endsWith('line 399 of the log')).toBe(true);
    expect(short).toMatch(/chars omitted/);
  });
});

describe('budget assembly', () => {
  it('never exceeds the effective limit minus the answer reserve, for limits from 1k to 1M (estimate)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1_000, max: 1_000_000 }),
        fc.double({ min: 0.02, max: 0.45, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 60_000 }),
        async (seed, limit, reserveShare, pins, questionChars) => {
          const reserved = Math.floor(limit * 0.8 * reserveShare);
          const { engine, data, conversation, rnd } = await engineFor(seed, 'local-model', limit, reserved);
          const pinned = Array.from({ length: pins }, () => data.commandIds[Math.floor(rnd() * data.commandIds.length)]!);
          const question = `why does it fail? ${'details '.repeat(Math.floor(questionChars / 8))}`;
          const { context, preview } = await engine.buildRequest({
            question,
            model: 'local-model',
            sessionId: data.sessionIds[0]!,
            conversationId: conversation.id,
            pinnedCommandIds: pinned,
          });
          const budget = Math.floor(limit * 0.8) - reserved;
          expect(countRequestTokens(context, (t) => engine.tokens.for('local-model').count(t))).toBeLessThanOrEqual(budget);
          expect(preview.budget.used).toBeLessThanOrEqual(preview.budget.available);
          expect(preview.budget.available).toBe(budget);
          expect(contextProblems(context)).toEqual([]);
          expect(context.currentMessage).toContain('why does it fail?');
          expect(JSON.stringify(context)).not.toMatch(/hunter\d|API_TOKEN=tok/);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('never exceeds the budget with the exact tokenizer either', async () => {
    for (const [seed, limit] of [
      [3, 1_000],
      [4, 2_500],
      [5, 16_000],
      [6, 128_000],
    ] as const) {
      const { engine, data, conversation } = await engineFor(seed, 'gpt-4o', limit);
      const { context, preview, requestTokens } = await engine.buildRequest({
        question: 'what broke the build?',
        model: 'gpt-4o',
        sessionId: data.sessionIds[1]!,
        conversationId: conversation.id,
        pinnedCommandIds: [data.commandIds[5]!],
      });
      expect(preview.exactTokens).toBe(true);
      const exact = await countRequestTokensExact(context, engine.tokens.for('gpt-4o'));
      expect(exact).toBeLessThanOrEqual(requestTokens);
      expect(requestTokens).toBeLessThanOrEqual(preview.budget.available);
    }
  });
});
