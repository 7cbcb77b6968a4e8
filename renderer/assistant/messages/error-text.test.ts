// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { LlmErrorInfo } from '../../../shared/ipc/assistant';
import { describeError } from './error-text';

const error = (kind: LlmErrorInfo['kind'], extra: Partial<LlmErrorInfo> = {}): LlmErrorInfo => ({
  kind,
  message: 'provider says no',
  retryable: true,
  retryAfterMs: null,
  status: null,
  ...extra,
});

describe('error wording', () => {
  it('names the unreachable endpoint and Ollama on its port', () => {
    expect(describeError(error('unreachable'), { baseUrl: 'http://127.0.0.1:11434/v1' }).title).toBe(
      "Can't reach http://127.0.0.1:11434/v1; is Ollama running?",
    );
    expect(describeError(error('unreachable'), { baseUrl: 'http://10.0.0.2:8000/v1' }).title).toContain('is the server running?');
  });

  it('shows the retry-after of a 429 and the status of others', () => {
    expect(describeError(error('rate-limited', { status: 429, retryAfterMs: 20_000 })).title).toBe(
      'Rate limited (HTTP 429). Retry after 20 s.',
    );
    expect(describeError(error('auth', { status: 401 })).title).toContain('(HTTP 401)');
    expect(
      describeError(error('model-not-found', { status: 404 }), { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2' }).title,
    ).toContain('ollama pull llama3.2');
  });

  it('keeps the provider message as detail', () => {
    expect(describeError(error('server', { status: 500 })).detail).toBe('provider says no');
  });
});
