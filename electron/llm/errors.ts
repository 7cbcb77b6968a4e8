// SPDX-License-Identifier: MIT
import type * as AnthropicSdk from '@anthropic-ai/sdk';
import type * as OpenAISdk from 'openai';
import { LlmError } from './llm-error';
import { scrubSecrets } from './scrub';

export { LlmError } from './llm-error';

/**
 * The vendor SDKs, loaded on a provider's first request rather than at start-up. Importing both
 * took ~300 ms of the browser server's ~1 s launch and ~15 MB of its memory, for clients most
 * sessions never create (see tests/bench/server-footprint.ts). They are imported dynamically,
 * by package name: a static import, even in a module loaded lazily, is hoisted to the top of the
 * bundle (packages stay external) and loaded with the process.
 */
let openAI: Promise<typeof OpenAISdk> | undefined;
let anthropic: Promise<typeof AnthropicSdk> | undefined;
/** The SDKs loaded so far: an SDK's error can only come from one of them, so only these are checked. */
const loaded: Array<typeof OpenAISdk | typeof AnthropicSdk> = [];

const remember = <T extends typeof OpenAISdk | typeof AnthropicSdk>(sdk: T): T => {
  loaded.push(sdk);
  return sdk;
};

export const loadOpenAI = (): Promise<typeof OpenAISdk> => (openAI ??= import('openai').then(remember));

export const loadAnthropic = (): Promise<typeof AnthropicSdk> => (anthropic ??= import('@anthropic-ai/sdk').then(remember));

/** What every request of one provider client reports in its errors (the model is added per request). */
export const errorContextOf =
  (client: { label: string; baseUrl: string; key: string | undefined; connectTimeoutMs: number }) =>
  (model?: string): Omit<ErrorContext, 'abortedBy'> => ({
    label: client.label,
    baseUrl: client.baseUrl,
    hasKey: client.key !== undefined,
    secrets: client.key ? [client.key] : [],
    connectTimeoutMs: client.connectTimeoutMs,
    ...(model === undefined ? {} : { model }),
  });

export interface ErrorContext {
  readonly label: string;
  readonly baseUrl: string;
  readonly model?: string;
  readonly hasKey: boolean;
  /** Every secret the request could have carried; removed from anything that reaches a message. */
  readonly secrets: readonly string[];
  /** Set by the caller's signal (cancel) or by our own idle timer, which look alike to the SDKs. */
  readonly abortedBy?: 'caller' | 'idle-timeout';
  readonly idleTimeoutMs?: number;
  readonly connectTimeoutMs?: number;
}

/** Retry-After as seconds or an HTTP date; the non-standard retry-after-ms wins when present. */
export const retryAfterMs = (headers: Headers | undefined, now = Date.now()): number | undefined => {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

type SdkApiError = OpenAISdk.APIError | AnthropicSdk.APIError;

/** Whether `error` is an instance of one of the loaded SDKs' error classes (`pick` chooses the class). */
const fromSdk = (
  error: unknown,
  pick: (sdk: typeof OpenAISdk | typeof AnthropicSdk) => abstract new (...args: never[]) => unknown,
): boolean => loaded.some((sdk) => error instanceof pick(sdk));

const isSdkError = (error: unknown): error is SdkApiError => fromSdk(error, (sdk) => sdk.APIError);

const isAbort = (error: unknown): boolean =>
  fromSdk(error, (sdk) => sdk.APIUserAbortError) || (error instanceof Error && error.name === 'AbortError');

const isTimeout = (error: unknown): boolean => fromSdk(error, (sdk) => sdk.APIConnectionTimeoutError);

const isConnection = (error: unknown): boolean => fromSdk(error, (sdk) => sdk.APIConnectionError);

/** undici puts the reason (ECONNREFUSED, ENOTFOUND, a certificate error) two `cause`s deep. */
const networkCode = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/** The server's own explanation, if it sent one: `{error: {message}}` (both APIs) or a plain-text body. */
const serverMessage = (error: SdkApiError): string | undefined => {
  const body = error.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const raw = body?.error?.message ?? body?.message;
  // Capped: some servers put a whole HTML error page here.
  if (typeof raw === 'string' && raw.trim() !== '') return raw.trim().slice(0, 500);
  // A plain-text body ("404 page not found" from a wrong path) ends up in the SDK's message.
  const text = error.message.replace(/^\d{3}\s*/, '').trim();
  return text === '' || /no status code|status code \(no body\)/.test(text) ? undefined : text.slice(0, 500);
};

const origin = (baseUrl: string): string => {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
};

const seconds = (ms: number | undefined): string => (ms === undefined ? '' : `${Math.max(1, Math.round(ms / 1000))} s`);

const describeHttp = (status: number, error: SdkApiError, ctx: ErrorContext): LlmError => {
  const said = serverMessage(error);
  const because = said ? `: ${said.replace(/[.\s]+$/, '')}.` : '.';
  if (status === 401 || status === 403) {
    const what = ctx.hasKey
      ? status === 401
        ? 'rejected the API key'
        : 'refused access with this API key'
      : 'needs an API key (set one in Settings)';
    return new LlmError('auth', `${ctx.label} ${what} (${status})${because}`, { status });
  }
  if (status === 404) {
    const model = ctx.model ? `Model "${ctx.model}" was not found` : 'Not found';
    return new LlmError('model-not-found', `${model} at ${ctx.baseUrl} (404)${because} Check the model name and the base URL.`, { status });
  }
  if (status === 429) {
    const wait = retryAfterMs(error.headers ?? undefined);
    const when = wait === undefined ? 'Try again shortly' : `Try again in ${seconds(wait)}`;
    return new LlmError('rate-limited', `${ctx.label} is rate limiting requests (429)${because} ${when}.`, {
      status,
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
    });
  }
  if (status >= 500) return new LlmError('server', `${ctx.label} had a server error (${status})${because}`, { status });
  if (status === 408) return new LlmError('timeout', `${ctx.label} timed out the request (408)${because}`, { status });
  if (status >= 300 && status < 400) {
    return new LlmError(
      'bad-response',
      `${ctx.baseUrl} redirected the request (${status}); keys are only sent to the configured address, so set the base URL to the final one.`,
      { status },
    );
  }
  return new LlmError('invalid-request', `${ctx.label} refused the request (${status})${because}`, { status });
};

/** Errors the SDKs raise inside a 200 stream (`{"error": …}` chunk, Anthropic's `event: error`). */
const describeStreamError = (error: SdkApiError, ctx: ErrorContext): LlmError => {
  const type = String((error as { type?: unknown }).type ?? '');
  const said = serverMessage(error) ?? error.message;
  if (/overloaded|server|api_error/i.test(type)) return new LlmError('server', `${ctx.label} failed mid-answer: ${said}`);
  if (/rate/i.test(type)) return new LlmError('rate-limited', `${ctx.label} is rate limiting requests: ${said}`);
  return new LlmError('bad-response', `${ctx.label} sent an error mid-answer: ${said}`);
};

const classify = (error: unknown, ctx: ErrorContext): LlmError => {
  if (error instanceof LlmError) return error;
  if (ctx.abortedBy === 'caller') return new LlmError('cancelled', 'Cancelled.');
  if (ctx.abortedBy === 'idle-timeout') {
    return new LlmError('timeout', `${ctx.label} stopped sending for ${seconds(ctx.idleTimeoutMs)}; the answer is incomplete.`);
  }
  if (isTimeout(error)) {
    return new LlmError('timeout', `No response from ${origin(ctx.baseUrl)} within ${seconds(ctx.connectTimeoutMs)}.`);
  }
  if (isAbort(error)) return new LlmError('cancelled', 'Cancelled.');
  if (isConnection(error)) {
    const code = networkCode(error);
    const hint = /127\.0\.0\.1:11434|localhost:11434/.test(ctx.baseUrl) ? ' Is Ollama running? Start it with `ollama serve`.' : '';
    return new LlmError('unreachable', `Cannot reach ${origin(ctx.baseUrl)}${code ? ` (${code})` : ''}.${hint}`);
  }
  if (isSdkError(error)) {
    return typeof error.status === 'number' ? describeHttp(error.status, error, ctx) : describeStreamError(error, ctx);
  }
  if (error instanceof SyntaxError) {
    return new LlmError('bad-response', `${ctx.label} sent a malformed stream (${error.message}).`);
  }
  const code = networkCode(error);
  if (error instanceof TypeError || code !== undefined) {
    // undici's "terminated": the socket closed while the body was still streaming.
    return new LlmError(
      'bad-response',
      `The connection to ${origin(ctx.baseUrl)} closed before the answer finished${code ? ` (${code})` : ''}.`,
    );
  }
  return new LlmError('bad-response', `${ctx.label} failed: ${error instanceof Error ? error.message : String(error)}`);
};

/** Turns anything a provider call threw into an LlmError whose message holds no secret. */
export const toLlmError = (error: unknown, ctx: ErrorContext): LlmError => {
  const classified = classify(error, ctx);
  const message = scrubSecrets(classified.message, ctx.secrets).slice(0, 1000);
  if (message === classified.message) return classified;
  const scrubbed = new LlmError(classified.kind, message, classified.details);
  scrubbed.partialText = classified.partialText;
  return scrubbed;
};
