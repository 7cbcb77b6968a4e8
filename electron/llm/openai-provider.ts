// SPDX-License-Identifier: MIT
import type { OpenAI } from 'openai';
import { errorContextOf, LlmError, loadOpenAI } from './errors';
import { openAIFinishReason, toOpenAIRequest } from './openai-messages';
import { createPinnedFetch, normalizeBaseUrl } from './pinned-fetch';
import { RequestRun } from './request-run';
import { ToolCallAssembler } from './tool-call-assembler';
import { DEFAULT_TIMEOUTS, type ChatProvider, type ChatStreamEvent, type ModelInfo, type ProviderTimeouts, type TokenUsage } from './types';

export interface OpenAIProviderOptions {
  readonly kind: 'openai' | 'openai-compatible';
  readonly baseUrl: string;
  /** Omitted for local servers that need none: then no Authorization header is sent at all. */
  readonly apiKey?: string;
  readonly label?: string;
  readonly timeouts?: Partial<ProviderTimeouts>;
}

/** The SDKs log request failures (and unparsable chunks) to the console; nothing of ours goes there. */
export const SILENT_LOGGER = { error() {}, warn() {}, info() {}, debug() {} };

const MAX_MODELS = 5000;

/** OpenAI's /models lists every product; the picker only wants chat models. */
const NOT_CHAT = /embedding|tts|whisper|dall-e|moderation|davinci|babbage|transcribe|image|realtime|audio|search|sora/i;

export const createOpenAIProvider = (options: OpenAIProviderOptions): ChatProvider => {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const key = options.apiKey || undefined;
  const label = options.label ?? (options.kind === 'openai' ? 'OpenAI' : new URL(baseUrl).host);
  let client: Promise<OpenAI> | undefined;
  // Created on the first request, when the SDK is loaded (see loadOpenAI); inside the request's try,
  // so a failure to load it is reported like any other.
  const sdkClient = (): Promise<OpenAI> =>
    (client ??= loadOpenAI().then(
      (sdk) =>
        new sdk.OpenAI({
          // The SDK insists on a key; for keyless servers the header it would make is removed below.
          apiKey: key ?? 'no-key',
          baseURL: baseUrl,
          organization: null,
          project: null,
          maxRetries: 0,
          timeout: timeouts.connectTimeoutMs,
          fetch: createPinnedFetch(baseUrl),
          logger: SILENT_LOGGER,
          logLevel: 'off',
          ...(key ? {} : { defaultHeaders: { Authorization: null } }),
        }),
    ));
  const context = errorContextOf({ label, baseUrl, key, connectTimeoutMs: timeouts.connectTimeoutMs });

  return {
    kind: options.kind,
    baseUrl,

    async *stream(request): AsyncGenerator<ChatStreamEvent> {
      const run = new RequestRun(request.signal, timeouts.idleTimeoutMs, context(request.model));
      let text = '';
      try {
        const stream = await (await sdkClient()).chat.completions.create(toOpenAIRequest(request, options.kind), { signal: run.signal });
        const calls = new ToolCallAssembler();
        let finish: string | null = null;
        let usage: TokenUsage | undefined;
        run.touch();
        for await (const chunk of stream) {
          if (chunk.usage) {
            usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
          }
          // n = 1 always; a server that adds other choices does not get them mixed into the answer.
          for (const choice of chunk.choices ?? []) {
            if ((choice.index ?? 0) !== 0) continue;
            choice.delta?.tool_calls?.forEach((delta, position) => calls.add(delta, position));
            if (choice.finish_reason) finish = choice.finish_reason;
            const piece = choice.delta?.content;
            if (piece) {
              text += piece;
              run.pause();
              yield { type: 'text-delta', text: piece };
            }
          }
          run.touch();
        }
        run.throwIfAborted(text);
        if (finish === null) {
          throw new LlmError('bad-response', `The answer from ${label} was cut off: the stream ended before the model finished.`);
        }
        run.pause();
        for (const call of calls.finish()) yield { type: 'tool-call', call };
        if (usage) yield { type: 'usage', usage };
        yield { type: 'done', finishReason: openAIFinishReason(finish), rawFinishReason: finish };
      } catch (error) {
        throw run.fail(error, text);
      } finally {
        run.dispose();
      }
    },

    async listModels(signal): Promise<ModelInfo[]> {
      const run = new RequestRun(signal, timeouts.connectTimeoutMs, context());
      try {
        const ids = new Set<string>();
        for await (const model of (await sdkClient()).models.list({ signal: run.signal })) {
          if (options.kind !== 'openai' || !NOT_CHAT.test(model.id)) ids.add(model.id);
          if (ids.size >= MAX_MODELS) break;
        }
        run.throwIfAborted('');
        return [...ids].sort().map((id) => ({ id }));
      } catch (error) {
        throw run.fail(error, '');
      } finally {
        run.dispose();
      }
    },
  };
};
