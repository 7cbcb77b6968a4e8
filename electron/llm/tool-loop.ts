// SPDX-License-Identifier: MIT
import { LlmError } from './errors';
import { CANCELLED_RESULT, executeToolCall, type AssistantTool } from './tool-execution';
import type { ChatMessage, ChatProvider, FinishReason, TokenUsage, ToolCall } from './types';

export type { AssistantTool };

export type AssistantEvent =
  | { readonly type: 'text-delta'; readonly round: number; readonly text: string }
  | { readonly type: 'tool-call'; readonly round: number; readonly call: ToolCall }
  | {
      readonly type: 'tool-result';
      readonly round: number;
      readonly call: ToolCall;
      readonly summary: string;
      readonly isError: boolean;
    }
  | { readonly type: 'round-done'; readonly round: number; readonly usage: TokenUsage | null; readonly finishReason: FinishReason };

export interface AssistantTurnOptions {
  readonly provider: ChatProvider;
  readonly model: string;
  /** The assembled context; never modified. */
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly AssistantTool[];
  /** Model calls that may request tools; after that one more call must answer without them. */
  readonly maxRounds?: number;
  readonly maxOutputTokens?: number;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: AssistantEvent) => void;
}

interface TurnUsageReport {
  readonly rounds: ReadonlyArray<TokenUsage | null>;
  /** Sum of the rounds that reported usage; null when none did. */
  readonly total: TokenUsage | null;
}

interface TurnCommon {
  /** What this turn added after `messages`: assistant tool-call turns, tool results, the answer. */
  readonly messages: ChatMessage[];
  readonly usage: TurnUsageReport;
  readonly rounds: number;
}

export type AssistantTurnResult =
  | (TurnCommon & { readonly ok: true; readonly text: string; readonly finishReason: FinishReason; readonly hitRoundLimit: boolean })
  | (TurnCommon & { readonly ok: false; readonly error: LlmError; readonly partialText: string });

export const DEFAULT_MAX_ROUNDS = 4;

interface RoundOutput {
  text: string;
  calls: ToolCall[];
  usage: TokenUsage | null;
  finishReason: FinishReason;
}

const sumUsage = (rounds: ReadonlyArray<TokenUsage | null>): TokenUsage | null => {
  const reported = rounds.filter((u): u is TokenUsage => u !== null);
  if (reported.length === 0) return null;
  return reported.reduce((a, b) => ({ inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens }));
};

/**
 * One assistant answer with tool use: stream a round, run the tools it asked for, feed the results
 * back, repeat. Never throws for provider or tool failures: the result says what went wrong and
 * keeps what was produced, so the conversation and the question stay intact.
 */
export const runAssistantTurn = async (options: AssistantTurnOptions): Promise<AssistantTurnResult> => {
  const maxRounds = Math.max(0, options.maxRounds ?? DEFAULT_MAX_ROUNDS);
  const tools = options.tools ?? [];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const added: ChatMessage[] = [];
  const roundUsage: Array<TokenUsage | null> = [];
  const emit = options.onEvent ?? (() => undefined);
  const report = (): TurnUsageReport => ({ rounds: [...roundUsage], total: sumUsage(roundUsage) });

  for (let round = 1; ; round++) {
    const final = round > maxRounds || tools.length === 0;
    const output: RoundOutput = { text: '', calls: [], usage: null, finishReason: 'other' };
    try {
      for await (const event of options.provider.stream({
        model: options.model,
        messages: [...options.messages, ...added],
        tools: tools.map(({ name, description, parameters }) => ({ name, description, parameters })),
        toolChoice: final ? 'none' : 'auto',
        ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
        ...(options.signal ? { signal: options.signal } : {}),
      })) {
        if (event.type === 'text-delta') {
          output.text += event.text;
          emit({ type: 'text-delta', round, text: event.text });
        } else if (event.type === 'tool-call') output.calls.push(event.call);
        else if (event.type === 'usage') output.usage = event.usage;
        else output.finishReason = event.finishReason;
      }
    } catch (error) {
      roundUsage.push(output.usage);
      const failure = error instanceof LlmError ? error : new LlmError('bad-response', String(error));
      return {
        ok: false,
        error: failure,
        partialText: failure.partialText || output.text,
        messages: added,
        usage: report(),
        rounds: round,
      };
    }
    roundUsage.push(output.usage);
    emit({ type: 'round-done', round, usage: output.usage, finishReason: output.finishReason });

    // Calls in the final round are dropped: some servers ignore "no tools" and we must stop somewhere.
    if (final || output.calls.length === 0) {
      added.push({ role: 'assistant', content: output.text });
      return {
        ok: true,
        text: output.text,
        finishReason: output.finishReason,
        hitRoundLimit: final && tools.length > 0,
        messages: added,
        usage: report(),
        rounds: round,
      };
    }

    added.push({ role: 'assistant', content: output.text, toolCalls: output.calls });
    const signal = options.signal ?? new AbortController().signal;
    for (const call of output.calls) {
      emit({ type: 'tool-call', round, call });
      // Every call gets a result even after a cancel, so the history stays valid for a retry.
      const result = signal.aborted ? CANCELLED_RESULT : await executeToolCall(byName.get(call.name), call, signal);
      added.push({ role: 'tool', toolCallId: call.id, content: result.content, ...(result.isError ? { isError: true } : {}) });
      emit({ type: 'tool-result', round, call, summary: result.summary, isError: result.isError });
    }
    if (signal.aborted) {
      const error = new LlmError('cancelled', 'Cancelled.');
      return { ok: false, error, partialText: output.text, messages: added, usage: report(), rounds: round };
    }
  }
};
