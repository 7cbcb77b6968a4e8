// SPDX-License-Identifier: MIT
import { ChatModelError, type ChatCompletion, type ChatModel, type ChatTurn } from '../context/conversation/summarizer';
import { LlmError } from '../llm/errors';
import type { SettingsService } from '../settings/settings-service';

const KIND: Record<string, ConstructorParameters<typeof ChatModelError>[0]> = {
  timeout: 'timeout',
  cancelled: 'aborted',
  unreachable: 'network',
  'bad-response': 'bad-response',
};

/**
 * The context engine's one-shot `ChatModel` (Summarize compaction) over the same configured
 * providers and official SDKs the assistant uses, so a summary goes where the answers go.
 */
export const providerChatModel = (settings: Pick<SettingsService, 'resolve'>, providerId: string | undefined, model: string): ChatModel => ({
  model,
  async complete(messages: readonly ChatTurn[], options = {}): Promise<ChatCompletion> {
    try {
      const { provider } = await settings.resolve({ ...(providerId ? { providerId } : {}), model });
      let text = '';
      let usage: ChatCompletion['usage'];
      for await (const event of provider.stream({
        model,
        messages,
        ...(options.maxTokens ? { maxOutputTokens: options.maxTokens } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })) {
        if (event.type === 'text-delta') text += event.text;
        if (event.type === 'usage') usage = { promptTokens: event.usage.inputTokens, completionTokens: event.usage.outputTokens };
      }
      return { text, ...(usage ? { usage } : {}) };
    } catch (error) {
      if (error instanceof LlmError) {
        const info = error.toInfo();
        throw new ChatModelError(KIND[info.kind] ?? 'http', info.message, info.status ?? undefined, info.retryAfterMs ?? undefined);
      }
      throw new ChatModelError('network', (error as Error)?.message ?? String(error));
    }
  },
});
