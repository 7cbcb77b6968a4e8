// SPDX-License-Identifier: MIT
import type { LlmErrorInfo } from '../../../shared/ipc/assistant';

export interface ErrorContext {
  readonly baseUrl?: string;
  readonly providerKind?: string;
  readonly model?: string;
}

export interface ErrorText {
  /** One line saying what to do. */
  readonly title: string;
  /** The provider's own words, when they add something. */
  readonly detail: string;
}

const isOllama = (baseUrl: string | undefined): boolean => !!baseUrl && /:11434(\/|$)/.test(baseUrl);

const seconds = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`;
};

/** The pane's wording per error kind: what happened and what to try, never a bare stack-ish message. */
export const describeError = (error: LlmErrorInfo, context: ErrorContext = {}): ErrorText => {
  const where = context.baseUrl ?? 'the provider';
  const status = error.status !== null ? ` (HTTP ${error.status})` : '';
  const model = context.model ? `“${context.model}”` : 'The model';
  let title: string;
  switch (error.kind) {
    case 'unreachable':
      title = `Can't reach ${where}; is ${isOllama(context.baseUrl) ? 'Ollama' : 'the server'} running?`;
      break;
    case 'auth':
      title = `The provider refused the API key${status}. Check or add the key in Settings.`;
      break;
    case 'model-not-found':
      title = `${model} was not found at ${where}${status}.${isOllama(context.baseUrl) && context.model ? ` Try \`ollama pull ${context.model}\`.` : ' Pick another model.'}`;
      break;
    case 'rate-limited':
      title = `Rate limited${status}.${error.retryAfterMs !== null ? ` Retry after ${seconds(error.retryAfterMs)}.` : ' Try again shortly.'}`;
      break;
    case 'server':
      title = `The provider had a server error${status}. Retrying usually helps.`;
      break;
    case 'timeout':
      title = `${where} did not answer in time. The model may still be loading; retry, or raise the timeout in Settings.`;
      break;
    case 'bad-response':
      title = 'The answer stream was malformed or cut off.';
      break;
    case 'cancelled':
      title = 'Stopped.';
      break;
    case 'invalid-request':
      title = `The provider refused the request${status}; the context may be too long for this model.`;
      break;
  }
  // A stop is the user's own doing: "Stopped." says it all, and the main process's "Cancelled." would only repeat it.
  const detail = error.kind !== 'cancelled' && error.message && !title.includes(error.message) ? error.message : '';
  return { title, detail };
};
