// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { ContextEngine } from '../context-engine';
import { InMemoryCommandSource } from '../testing/in-memory-command-source';
import { commandRecord } from '../../../shared/testing/command-record';
import {
  InMemoryConversationRepository,
  InMemoryModelConfigRepository,
  InMemoryRedactionSettingsRepository,
} from '../testing/in-memory-repositories';
import { defaultReservedOutput } from '../../../shared/domain/model-limits';
import { seedTurn } from '../testing/seed-turn';

const NOW = 1_750_000_000_000;
const MIN = 60_000;

/** The active terminal ran 10 builds with 40 lines of output each; the neighbour ran tests. */
const terminals = () => {
  const source = new InMemoryCommandSource(() => NOW);
  for (const [sessionId, cwd, tool] of [
    ['api', '/home/dev/api', 'cargo'],
    ['web', '/home/dev/web', 'npm'],
  ] as const) {
    for (let i = 0; i < 10; i++) {
      const output = Array.from({ length: 40 }, (_, l) => `${tool} step ${i} line ${l}: compiling module_${l} of the workspace`).join('\n');
      const startedAt = NOW - (30 - i * 2) * MIN;
      source.addCommand(
        commandRecord({
          sessionId,
          seq: i,
          cwd,
          hostname: 'devbox',
          commandLine: `${tool} build --target t${i}`,
          startedAt,
          endedAt: startedAt + 900,
          exitCode: i === 9 ? 101 : 0,
          outputStart: 0,
          outputEnd: output.length,
          outputSummary: output.split('\n').slice(0, 2).join('\n'),
        }),
        output,
      );
    }
  }
  return source;
};

interface Carried {
  readonly window: number;
  readonly available: number;
  readonly used: number;
  readonly fixed: number;
  readonly sections: Record<string, number>;
  readonly lastCommand: boolean;
  readonly historyMessages: number;
}

const carried = async (window: number, lastAnswer?: string): Promise<Carried> => {
  const engine = await ContextEngine.create({
    commands: terminals(),
    conversations: new InMemoryConversationRepository(),
    modelConfigs: new InMemoryModelConfigRepository(),
    redactionSettings: new InMemoryRedactionSettingsRepository(),
    now: () => NOW,
  });
  const model = `local-${window}`;
  await engine.setModelConfig({ model, contextLimit: window, reservedOutputTokens: defaultReservedOutput(window) });
  const conv = await engine.createConversation(model);
  for (let i = 0; i < 6; i++) {
    await seedTurn(engine.conversations, {
      conversationId: conv.id,
      question: `question ${i}: ${'why does the linker fail here? '.repeat(6)}`,
      answer: `answer ${i}: ${'check the target triple and the linker flags. '.repeat(12)}`,
    });
  }
  if (lastAnswer !== undefined)
    await seedTurn(engine.conversations, { conversationId: conv.id, question: 'and the flags?', answer: lastAnswer });
  const { preview, context } = await engine.buildRequest({
    question: 'why did the last build fail?',
    model,
    sessionId: 'api',
    conversationId: conv.id,
  });
  const sections = Object.fromEntries(preview.sections.filter((s) => s.items > 0).map((s) => [s.id, s.tokens]));
  const content = preview.sections.reduce((sum, s) => sum + s.tokens, 0);
  // What the request costs besides its material: the system prompt, the tools, and the framing
  // (request and message overheads, the terminal-context wrapper, section headers and separators).
  const fixed = (sections.system ?? 0) + (sections.tools ?? 0) + (preview.budget.used - content);
  return {
    window,
    available: preview.budget.available,
    used: preview.budget.used,
    fixed,
    sections,
    lastCommand: context.currentMessage.includes('$ cargo build --target t9'),
    historyMessages: context.history.length,
  };
};

describe('small models: what each request carries', () => {
  it('at 2K, 4K and 8K: bounded fixed costs, the last command of the active terminal always present', async () => {
    const rows: Carried[] = [];
    for (const window of [2048, 4096, 8192]) rows.push(await carried(window));
    for (const row of rows) {
      const share = ((100 * row.fixed) / row.available).toFixed(1);
      console.log(
        `${row.window / 1024}K: available ${row.available}, used ${row.used}, fixed (system+tools+framing) ${row.fixed} = ${share}% ·`,
        Object.entries(row.sections)
          .map(([id, tokens]) => `${id} ${tokens}`)
          .join(', '),
        `· history messages ${row.historyMessages} · last command ${row.lastCommand ? 'present' : 'MISSING'}`,
      );
      expect(row.used).toBeLessThanOrEqual(row.available);
      expect(row.lastCommand).toBe(true);
      expect(row.historyMessages % 2).toBe(0);
    }
    const at4k = rows.find((r) => r.window === 4096)!;
    expect(at4k.fixed / at4k.available).toBeLessThanOrEqual(0.15);
    const at8k = rows.find((r) => r.window === 8192)!;
    expect(at8k.fixed / at8k.available).toBeLessThanOrEqual(0.15);
    expect(at8k.sections['recent-commands']).toBeGreaterThan(at4k.sections['recent-commands']!);
  });

  it('at 4K a long last answer does not crowd out the last command (and is dropped with its question)', async () => {
    const row = await carried(
      4096,
      `Here is everything about the flags. ${'The linker flag -C link-arg tells rustc what to pass on. '.repeat(150)}`,
    );
    console.log(`4K with a long last answer: ${JSON.stringify(row.sections)} · history messages ${row.historyMessages}`);
    expect(row.used).toBeLessThanOrEqual(row.available);
    expect(row.lastCommand).toBe(true);
    expect(row.historyMessages % 2).toBe(0);
  });
});
