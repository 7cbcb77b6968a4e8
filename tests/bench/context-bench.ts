// SPDX-License-Identifier: MIT
import { SyntheticCommandSource } from './context-bench-dataset';
import { ContextEngine } from '../../electron/context/context-engine';
import { InMemoryConversationRepository, InMemoryModelConfigRepository } from '../../electron/context/testing/in-memory-repositories';
import { estimateTokens } from '../../electron/context/tokens/token-estimate';
import { tokenSamples } from '../../electron/context/testing/token-samples';
import { loadTokenizer } from '../../electron/context/tokens/tokenizer';
import { seedTurn } from '../../electron/context/testing/seed-turn';

const HOUR = 3_600_000;
const NOW = Date.UTC(2025, 5, 1, 12);

const p95 = (samples: number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

const round = (n: number): number => Math.round(n * 100) / 100;

const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();

/**
 * p95 of building the full request for a question (model gpt-4o, 128k window, so the exact tokenizer
 * runs on what is sent) over a generated history. Both histories have the same recent activity
 * (20 live sessions, 2,000 commands in the last 24 h); only the closed history behind it differs.
 */
const measureBuild = async (totalCommands: number, sessions: number, runs: number): Promise<number> => {
  const source = new SyntheticCommandSource({
    totalCommands,
    sessions,
    liveSessions: 20,
    liveCommands: 2000,
    liveSpanMs: 24 * HOUR,
    nowMs: NOW,
  });
  // A question a minute: catalog lines carry ages ("12 min ago"), so they change between builds and
  // their exact counts cannot come from the cache; unchanged blocks (recent commands, history) can.
  let now = NOW;
  const engine = await ContextEngine.create({
    commands: source,
    conversations: new InMemoryConversationRepository(),
    modelConfigs: new InMemoryModelConfigRepository(),
    now: () => now,
  });
  const conversation = await engine.createConversation('gpt-4o');
  for (let i = 0; i < 10; i++) {
    await seedTurn(engine.conversations, {
      conversationId: conversation.id,
      question: `Why did step ${i} fail after the upgrade?`,
      answer: `Step ${i} failed because the linker could not find libssl; install libssl-dev and rebuild.`,
    });
  }
  const active = source.sessionId(sessions - 1);
  for (const command of source.recentCommands(active, 20)) engine.commandFinished(command);
  const pinned = source.recentCommands(source.sessionId(sessions - 2), 1).map((c) => c.id);
  const build = (i: number) => {
    now += 61_000;
    return engine.buildRequest({
      question: `why does the build fail now? (${i})`,
      model: 'gpt-4o',
      sessionId: active,
      conversationId: conversation.id,
      pinnedCommandIds: pinned,
    });
  };
  for (let i = 0; i < 5; i++) await build(i);
  collectGarbage();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await build(i);
    times.push(performance.now() - started);
  }
  return p95(times);
};

export const benchContextBuild = async (runs = 40) => {
  await loadTokenizer('o200k_base');
  const small = await measureBuild(10_000, 100, runs);
  collectGarbage();
  const large = await measureBuild(1_000_000, 10_000, runs);
  return {
    context_build_p95_ms_1m: round(large),
    context_build_p95_ms_10k: round(small),
    context_build_growth_1m_vs_10k: round(large / small),
  };
};

/** Mean absolute error (%) of the estimate against o200k_base on terminal, code, prose and mixtures. */
export const benchTokenEstimate = async () => {
  const tokenizer = await loadTokenizer('o200k_base');
  const samples = tokenSamples();
  const texts = [...samples.map((s) => s.text)];
  for (let i = 0; i + 2 < samples.length; i += 2)
    texts.push([samples[i]!.text, samples[i + 1]!.text, samples[samples.length - 1 - i]!.text].join('\n\n'));
  const errors = texts.map((text) => {
    const real = tokenizer.count(text);
    return Math.abs(estimateTokens(text) - real) / real;
  });
  return { token_estimate_error_pct: round((errors.reduce((a, b) => a + b, 0) / errors.length) * 100) };
};
