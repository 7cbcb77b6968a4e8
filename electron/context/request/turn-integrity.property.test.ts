// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { CONTINUATION_MARKER, toAnthropicRequest } from '../../llm/anthropic-messages';
import { toOpenAIRequest } from '../../llm/openai-messages';
import type { HistoryMessage } from '../conversation/conversation-service';
import { turnProblems } from '../domain/llm-context';
import { DEFAULT_REDACTION_SETTINGS, Redactor } from '../redaction';
import { DEFAULT_CANDIDATE_OPTIONS, RelevanceScorer } from '../relevance/relevance';
import { InMemoryCommandSource } from '../testing/in-memory-command-source';
import { commandRecord } from '../../../shared/testing/command-record';
import { TokenCounters } from '../tokens/token-counter';
import { DEFAULT_CATALOG_OPTIONS } from './catalog';
import { getCommandsTool } from './get-commands-tool';
import { cleanOutputReader, RecentCommands } from './recent-commands';
import { buildRequest, type RequestBuilderDeps } from './request-builder';
import { ASSISTANT_SYSTEM_PROMPT } from './system-prompt';

const NOW = 1_750_000_000_000;

const source = new InMemoryCommandSource(() => NOW);
for (let i = 0; i < 4; i++) {
  const output = Array.from({ length: 30 }, (_, l) => `make step ${i} line ${l}`).join('\n');
  source.addCommand(
    commandRecord({
      sessionId: 'a',
      seq: i,
      cwd: '/w',
      commandLine: `make t${i}`,
      startedAt: NOW - (10 - i) * 60_000,
      endedAt: NOW - (10 - i) * 60_000 + 500,
      exitCode: i % 2,
      outputStart: 0,
      outputEnd: output.length,
    }),
    output,
  );
}

const deps: RequestBuilderDeps = {
  commands: source,
  reader: cleanOutputReader(source),
  strategy: new RecentCommands(),
  scorer: new RelevanceScorer(),
  candidates: DEFAULT_CANDIDATE_OPTIONS,
  catalog: DEFAULT_CATALOG_OPTIONS,
  memory: null,
  systemPrompt: ASSISTANT_SYSTEM_PROMPT,
  tools: [getCommandsTool()],
  unlimitedBudget: 32_000,
  catalogShare: 0.3,
};

const counters = new TokenCounters();
const redactor = new Redactor(DEFAULT_REDACTION_SETTINGS);

const WORDS = ['the', 'build', 'failed', 'because', 'linker', 'answer', 'is', '42', 'check', 'flags', 'module', 'error'];
const text = (maxWords: number) => fc.array(fc.constantFrom(...WORDS), { maxLength: maxWords }).map((w) => w.join(' '));

/** One turn: a question, 0–2 tool rounds (calls and their results), an answer (the last turn may lack one). */
const turn = fc.record({
  question: text(400).map((t) => `q ${t}`),
  rounds: fc.array(
    fc.record({ thought: fc.oneof(fc.constant(''), text(30)), results: fc.array(text(300), { minLength: 1, maxLength: 3 }) }),
    { maxLength: 2 },
  ),
  answer: fc.option(
    text(600).map((t) => `a ${t}`),
    { nil: null },
  ),
});

const conversation = fc.record({
  summary: fc.option(
    text(200).map((t) => `Summary of the earlier conversation (8 messages, compacted):\n${t}`),
    { nil: null },
  ),
  orphan: fc.option(
    text(100).map((t) => `orphaned answer ${t}`),
    { nil: null },
  ),
  turns: fc.array(turn, { maxLength: 7 }),
});

type Conversation = typeof conversation extends fc.Arbitrary<infer T> ? T : never;

const toHistory = (c: Conversation): HistoryMessage[] => {
  const count = counters.for('local').count;
  const m = (message: Omit<HistoryMessage, 'tokens'>): HistoryMessage => ({ ...message, tokens: count(message.content) + 4 });
  const out: HistoryMessage[] = [];
  if (c.orphan !== null) out.push(m({ role: 'assistant', content: c.orphan }));
  if (c.summary !== null) out.push(m({ role: 'user', content: c.summary }));
  c.turns.forEach((t, ti) => {
    out.push(m({ role: 'user', content: t.question }));
    t.rounds.forEach((round, ri) => {
      const calls = round.results.map((_, k) => ({
        id: `call_${ti}_${ri}_${k}`,
        name: 'get_commands',
        arguments: `{"command_ids":["a:${k}"]}`,
      }));
      out.push(m({ role: 'assistant', content: round.thought, toolCalls: calls }));
      round.results.forEach((result, k) => out.push(m({ role: 'tool', content: `{"commands":"${result}"}`, toolCallId: calls[k]!.id })));
    });
    if (t.answer !== null) out.push(m({ role: 'assistant', content: t.answer }));
  });
  return out;
};

const textOf = (content: string | ContentBlockParam[]): string =>
  typeof content === 'string' ? content : content.map((b) => (b.type === 'text' ? b.text : '')).join('');

/** Chat Completions: system, then a user turn; every tool message answers a call of the assistant message before its run. */
const openAIProblems = (messages: ReturnType<typeof toOpenAIRequest>['messages']): string[] => {
  const problems: string[] = [];
  if (messages[0]?.role !== 'system') problems.push('does not start with the system prompt');
  if (messages[1]?.role !== 'user') problems.push(`message 1 is ${messages[1]?.role}, not user`);
  let open = new Set<string>();
  messages.forEach((message, i) => {
    if (message.role === 'tool') {
      if (!open.delete(message.tool_call_id)) problems.push(`tool message ${i} answers no open call`);
      return;
    }
    if (open.size > 0) problems.push(`calls ${[...open].join(',')} unanswered before message ${i}`);
    open = new Set(message.role === 'assistant' && 'tool_calls' in message ? (message.tool_calls ?? []).map((c) => c.id) : []);
  });
  if (open.size > 0) problems.push('calls unanswered at the end');
  return problems;
};

/** Messages API: starts with a real user turn, roles alternate, each tool_use answered in the next turn. */
const anthropicProblems = (messages: ReturnType<typeof toAnthropicRequest>['messages']): string[] => {
  const problems: string[] = [];
  if (messages[0]?.role !== 'user') problems.push('does not start with a user turn');
  if (messages[0] && textOf(messages[0].content).startsWith(CONTINUATION_MARKER)) problems.push('starts with the continuation marker');
  messages.forEach((turn, i) => {
    if (i > 0 && messages[i - 1]!.role === turn.role) problems.push(`turns ${i - 1} and ${i} are both ${turn.role}`);
    const blocks = typeof turn.content === 'string' ? [] : turn.content;
    const uses = blocks.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
    const next = messages[i + 1];
    const answered = new Set(
      next && typeof next.content !== 'string' ? next.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])) : [],
    );
    for (const id of uses) if (!answered.has(id)) problems.push(`tool_use ${id} in turn ${i} has no result in the next turn`);
    const prev = messages[i - 1];
    const asked = new Set(
      prev && typeof prev.content !== 'string' ? prev.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])) : [],
    );
    for (const b of blocks)
      if (b.type === 'tool_result' && !asked.has(b.tool_use_id))
        problems.push(`tool_result ${b.tool_use_id} in turn ${i} has no call before it`);
  });
  return problems;
};

describe('property: any conversation, any budget, the request keeps whole turns', () => {
  it('starts with a question, keeps calls with their results, sends the newest whole turns, fits the budget', async () => {
    const seen = { trimmed: 0, toolsSent: 0, summarySent: 0, tooSmall: 0 };
    await fc.assert(
      fc.asyncProperty(
        conversation,
        fc.integer({ min: 300, max: 64_000 }),
        fc.double({ min: 0.02, max: 0.3, noNaN: true }),
        // The contract refuses blank questions (shared/ipc): only questions with something in them.
        fc.string({ minLength: 1, maxLength: 200 }).filter((q) => q.trim() !== ''),
        async (c, contextLimit, reserveShare, question) => {
          const history = toHistory(c);
          const config = {
            model: 'local',
            contextLimit,
            reservedOutputTokens: Math.floor(contextLimit * reserveShare),
            compactionMode: 'summarize' as const,
            warningThreshold: 0.8,
          };
          let built;
          try {
            built = await buildRequest(deps, {
              question,
              config,
              counter: counters.for('local'),
              redactor,
              sessionId: 'a',
              pinnedCommandIds: [],
              history,
              nowMs: NOW,
              usage: null,
            });
          } catch (error) {
            if ((error as Error).name === 'ContextBudgetError') {
              seen.tooSmall++;
              return;
            }
            throw error;
          }
          const { context, preview } = built;
          expect(turnProblems(context.history)).toEqual([]);
          // The newest whole turns: a suffix of the history that starts at a user message.
          const sent = context.history.map((e) => e.content);
          const all = history.map((e) => e.content);
          expect(all.slice(all.length - sent.length)).toEqual(sent);
          if (sent.length > 0) expect(history[history.length - sent.length]!.role).toBe('user');
          if (sent.length > 0 && sent.length < history.length) seen.trimmed++;
          if (context.history.some((e) => e.role === 'tool')) seen.toolsSent++;
          if (c.summary !== null && sent.includes(c.summary)) seen.summarySent++;
          expect(sent).not.toContain(c.orphan);
          expect(preview.budget.used).toBeLessThanOrEqual(preview.budget.available);
          // Exactly what ships (electron/assistant/assistant-service.ts): the preview's messages with the
          // context's tools, in each provider's wire format.
          const request = { model: 'local', messages: preview.messages, tools: context.tools };
          expect(openAIProblems(toOpenAIRequest(request, 'openai').messages)).toEqual([]);
          const anthropic = toAnthropicRequest(request);
          expect(anthropic.system).toBe(context.systemPrompt);
          expect(anthropicProblems(anthropic.messages)).toEqual([]);
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
    // The generator reaches the interesting cases: partly trimmed histories, tool rounds, summaries.
    expect(seen.trimmed).toBeGreaterThan(10);
    expect(seen.toolsSent).toBeGreaterThan(10);
    expect(seen.summarySent).toBeGreaterThan(0);
    expect(seen.tooSmall).toBeLessThan(150);
  });
});
