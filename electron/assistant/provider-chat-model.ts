// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';
import type { ChatCompletion, ChatModel, ChatTurn } from '../context/conversation/summarizer';
import { LlmError } from '../llm/llm-error';
import type { SettingsService } from '../settings/settings-service';

/**
 * The context engine's one-shot `ChatModel` (Summarize compaction) over the same configured
 * providers and official SDKs the assistant uses, so a summary goes where the answers go.
 */
export const providerChatModel = (
  settings: Pick<SettingsService, 'resolve'>,
  providerId: string | undefined,
  model: string,
): ChatModel => ({
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
      // Providers throw only LlmError; anything else (resolving a provider that is gone) is reported
      // in the same vocabulary, so compaction says why it fell back either way.
      if (error instanceof LlmError || error instanceof DomainError) throw error;
      throw new LlmError('unreachable', (error as Error)?.message ?? String(error));
    }
  },
});
