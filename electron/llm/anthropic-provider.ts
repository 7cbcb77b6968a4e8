// SPDX-License-Identifier: MIT
import type * as AnthropicSdk from '@anthropic-ai/sdk';
import type { Anthropic } from '@anthropic-ai/sdk';
import { toAnthropicRequest } from './anthropic-messages';
import { AnthropicStreamState } from './anthropic-stream';
import { errorContextOf, LlmError, loadAnthropic } from './errors';
import { SILENT_LOGGER } from './openai-provider';
import { createPinnedFetch, normalizeBaseUrl } from './pinned-fetch';
import { RequestRun } from './request-run';
import { DEFAULT_TIMEOUTS, type ChatProvider, type ChatStreamEvent, type ModelInfo, type ProviderTimeouts } from './types';

export interface AnthropicProviderOptions {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly label?: string;
  readonly timeouts?: Partial<ProviderTimeouts>;
}

/**
 * Without an explicit key the SDK would look for credentials on disk (profiles, workload identity)
 * and could send them to whatever base URL is configured. Only the key from our key store counts.
 * Defined once the SDK is loaded (see loadAnthropic).
 */
let configured: typeof Anthropic | undefined;
const configuredAnthropic = (sdk: typeof AnthropicSdk): typeof Anthropic =>
  (configured ??= class ConfiguredAnthropic extends sdk.Anthropic {
    protected override _shouldResolveDefaultCredentials(): boolean {
      return false;
    }
  });

/** The SDK appends /v1/messages itself; a pasted ".../v1" would otherwise become /v1/v1/messages. */
const anthropicBase = (baseUrl: string): string => normalizeBaseUrl(baseUrl).replace(/\/v1$/, '');

const MAX_MODELS = 1000;

export const createAnthropicProvider = (options: AnthropicProviderOptions): ChatProvider => {
  const baseUrl = anthropicBase(options.baseUrl);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const key = options.apiKey || undefined;
  const label = options.label ?? 'Anthropic';
  let client: Promise<Anthropic> | undefined;
  // Created on the first request, inside its try (see openai-provider.ts).
  const sdkClient = (): Promise<Anthropic> =>
    (client ??= loadAnthropic().then((sdk) => {
      const ConfiguredAnthropic = configuredAnthropic(sdk);
      return new ConfiguredAnthropic({
        apiKey: key ?? null,
        authToken: null,
        baseURL: baseUrl,
        maxRetries: 0,
        timeout: timeouts.connectTimeoutMs,
        fetch: createPinnedFetch(baseUrl),
        logger: SILENT_LOGGER,
        logLevel: 'off',
        openTelemetry: false,
        ...(key ? {} : { defaultHeaders: { Authorization: null } }),
      });
    }));
  const context = errorContextOf({ label, baseUrl, key, connectTimeoutMs: timeouts.connectTimeoutMs });

  return {
    kind: 'anthropic',
    baseUrl,

    async *stream(request): AsyncGenerator<ChatStreamEvent> {
      const run = new RequestRun(request.signal, timeouts.idleTimeoutMs, context(request.model));
      const state = new AnthropicStreamState();
      try {
        const stream = await (await sdkClient()).messages.create(toAnthropicRequest(request), { signal: run.signal });
        run.touch();
        for await (const event of stream) {
          for (const item of state.handle(event)) {
            run.pause();
            yield item;
          }
          if (state.stopped) break;
          run.touch();
        }
        run.throwIfAborted(state.text);
        if (!state.stopped) {
          throw new LlmError('bad-response', `The answer from ${label} was cut off: the stream ended before message_stop.`);
        }
      } catch (error) {
        throw run.fail(error, state.text);
      } finally {
        run.dispose();
      }
    },

    async listModels(signal): Promise<ModelInfo[]> {
      const run = new RequestRun(signal, timeouts.connectTimeoutMs, context());
      try {
        const models: ModelInfo[] = [];
        for await (const model of (await sdkClient()).models.list({ limit: 100 }, { signal: run.signal })) {
          models.push({ id: model.id, label: model.display_name });
          if (models.length >= MAX_MODELS) break;
        }
        run.throwIfAborted('');
        return models;
      } catch (error) {
        throw run.fail(error, '');
      } finally {
        run.dispose();
      }
    },
  };
};
