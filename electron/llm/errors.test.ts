// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { LlmError, retryAfterMs, toLlmError } from './errors';
import { scrubSecrets } from './scrub';

const context = { label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', hasKey: true, secrets: ['sk-proj-live-SECRET-0000'] };

describe('retryAfterMs', () => {
  it('reads retry-after-ms, Retry-After seconds and Retry-After dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250.4', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '12' }))).toBe(12_000);
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });
});

describe('scrubSecrets', () => {
  it('removes configured keys and key-shaped strings, including partly masked echoes', () => {
    const text =
      'Incorrect API key provided: sk-proj-live-SECRET-0000. Also sk-abc1****************wxyz and Bearer eyJhbGciOi.x.y; api_key="hunter2hunter2"';
    const out = scrubSecrets(text, ['sk-proj-live-SECRET-0000']);
    expect(out).not.toMatch(/SECRET|sk-abc1|wxyz|eyJhbGciOi|hunter2/);
    expect(out).toContain('api_key="[redacted]');
  });

  it('leaves ordinary text alone', () => {
    expect(scrubSecrets('Model "gpt-4o" was not found (404).', ['sk-proj-live-SECRET-0000'])).toBe('Model "gpt-4o" was not found (404).');
  });
});

describe('toLlmError', () => {
  it('scrubs keys from errors it did not classify itself', () => {
    const error = toLlmError(new Error('socket hang up while sending sk-proj-live-SECRET-0000'), context);
    expect(error).toBeInstanceOf(LlmError);
    expect(error.message).not.toContain('SECRET');
  });

  it('reports cancel and idle timeout by who aborted, whatever the SDK threw', () => {
    expect(toLlmError(new Error('aborted'), { ...context, abortedBy: 'caller' }).kind).toBe('cancelled');
    const idle = toLlmError(new Error('aborted'), { ...context, abortedBy: 'idle-timeout', idleTimeoutMs: 90_000 });
    expect(idle.toInfo()).toMatchObject({ kind: 'timeout', retryable: true });
    expect(idle.message).toContain('90 s');
  });

  it('keeps an LlmError as it is and carries no SDK cause', () => {
    const original = new LlmError('auth', 'nope', { status: 401 });
    expect(toLlmError(original, context)).toBe(original);
    expect(toLlmError(new TypeError('terminated'), context).cause).toBeUndefined();
  });
});
