// SPDX-License-Identifier: MIT
import { ChatModelError, type ChatCompletion, type ChatModel, type ChatTurn } from './summarizer';

export interface OpenAICompatibleOptions {
  /** The API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  readonly timeoutMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
}

const retryAfterMs = (header: string | null): number | undefined => {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
};

const errorMessage = (body: string): string => {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string };
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // Not JSON: a proxy's HTML error page, say.
  }
  return body.slice(0, 300);
};

/**
 * A non-streaming `POST {baseUrl}/chat/completions` with plain fetch: enough for compaction summaries
 * against OpenAI and the many servers that speak its protocol (Ollama, llama.cpp, vLLM, LM Studio).
 * No `max_tokens` is sent: OpenAI's reasoning models reject it and the prompt bounds the length.
 * Redirects are refused so the API key is never replayed to another origin.
 */
export class OpenAICompatibleChatModel implements ChatModel {
  readonly model: string;
  private readonly _url: string;
  private readonly _timeoutMs: number;
  private readonly _fetch: typeof fetch;

  constructor(private readonly _options: OpenAICompatibleOptions) {
    this.model = _options.model;
    this._url = `${_options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this._timeoutMs = _options.timeoutMs ?? 60_000;
    this._fetch = _options.fetch ?? fetch;
  }

  async complete(messages: readonly ChatTurn[], options: { signal?: AbortSignal } = {}): Promise<ChatCompletion> {
    const timeout = AbortSignal.timeout(this._timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const fail = (error: unknown): never => {
      if (error instanceof ChatModelError) throw error;
      if (options.signal?.aborted) throw new ChatModelError('aborted', 'summary cancelled');
      if (timeout.aborted) throw new ChatModelError('timeout', `no answer within ${this._timeoutMs} ms`);
      throw new ChatModelError('network', `cannot reach ${new URL(this._url).origin}: ${(error as Error)?.message ?? error}`);
    };
    try {
      const response = await this._fetch(this._url, {
        method: 'POST',
        redirect: 'error',
        signal,
        headers: {
          'content-type': 'application/json',
          ...(this._options.apiKey ? { authorization: `Bearer ${this._options.apiKey}` } : {}),
          ...this._options.headers,
        },
        body: JSON.stringify({ model: this.model, messages, stream: false }),
      });
      const body = await response.text();
      if (!response.ok) {
        throw new ChatModelError('http', `HTTP ${response.status}: ${errorMessage(body)}`, response.status, retryAfterMs(response.headers.get('retry-after')));
      }
      return parseCompletion(body);
    } catch (error) {
      return fail(error);
    }
  }
}

const parseCompletion = (body: string): ChatCompletion => {
  let json: {
    choices?: Array<{ message?: { content?: unknown } }>;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  try {
    json = JSON.parse(body);
  } catch {
    throw new ChatModelError('bad-response', 'the response is not JSON');
  }
  const content = json.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new ChatModelError('bad-response', 'the response has no message content');
  const usage = json.usage;
  return {
    text: content,
    ...(usage && typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number'
      ? { usage: { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } }
      : {}),
  };
};

export const createOpenAICompatibleSummarizer = (options: OpenAICompatibleOptions): ChatModel => new OpenAICompatibleChatModel(options);
