// SPDX-License-Identifier: MIT
import type { TokenUsage } from '../../shared/ipc/assistant';
import type { ProviderKind } from '../../shared/ipc/settings';

export type { ProviderKind, TokenUsage };

/**
 * Provider-neutral chat types. Each adapter maps these to its wire format (OpenAI Chat Completions,
 * Anthropic Messages), so the tool loop and the context engine never see a vendor shape.
 */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments exactly as the model produced them: a JSON string that may not parse. */
  readonly arguments: string;
}

export type ChatMessage =
  | { readonly role: 'system'; readonly content: string }
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string; readonly toolCalls?: readonly ToolCall[] }
  | { readonly role: 'tool'; readonly content: string; readonly toolCallId: string; readonly isError?: boolean };

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  /** JSON schema of the arguments object. */
  readonly parameters: Record<string, unknown>;
}

export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ToolDefinition[];
  /** `none` asks for a plain answer even though the history holds tool calls (the final round). */
  readonly toolChoice?: 'auto' | 'none';
  readonly maxOutputTokens?: number;
  readonly signal?: AbortSignal;
}

export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'other';

export type ChatStreamEvent =
  | { readonly type: 'text-delta'; readonly text: string }
  | { readonly type: 'tool-call'; readonly call: ToolCall }
  | { readonly type: 'usage'; readonly usage: TokenUsage }
  | { readonly type: 'done'; readonly finishReason: FinishReason; readonly rawFinishReason: string | null };

export interface ModelInfo {
  readonly id: string;
  readonly label?: string;
}

/**
 * One configured endpoint. `stream` throws an `LlmError` (never a raw SDK error) and ends with a
 * `done` event only when the provider said the answer was complete.
 */
export interface ChatProvider {
  readonly kind: ProviderKind;
  readonly baseUrl: string;
  stream(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
  listModels(signal?: AbortSignal): Promise<ModelInfo[]>;
}

/** How long to wait before giving up; both are per request, and the SDKs' own retries are off. */
export interface ProviderTimeouts {
  /** Until the response headers arrive (connect, queueing, model load). */
  readonly connectTimeoutMs: number;
  /** Between two streamed chunks, once the answer has started. */
  readonly idleTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: ProviderTimeouts = { connectTimeoutMs: 60_000, idleTimeoutMs: 120_000 };
