// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { readEnvironmentProvider } from './environment';

describe('readEnvironmentProvider', () => {
  it('is absent when no CONTEXTERM_* variable is set', () => {
    expect(readEnvironmentProvider({ OPENAI_API_KEY: 'sk-not-ours-000000' })).toEqual({ provider: undefined, problems: [] });
  });

  it("defaults the kind to openai-compatible and the base URL to the kind's default", () => {
    const { provider } = readEnvironmentProvider({ CONTEXTERM_MODEL: 'llama3.2' });
    expect(provider?.provider).toMatchObject({ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', defaultModel: 'llama3.2' });
    expect(readEnvironmentProvider({ CONTEXTERM_PROVIDER: 'anthropic', CONTEXTERM_API_KEY: 'k-000000' }).provider).toMatchObject({
      provider: { kind: 'anthropic', baseUrl: 'https://api.anthropic.com' },
      apiKey: 'k-000000',
    });
  });

  it('refuses a base URL with credentials in it and falls back to the default, saying why', () => {
    const reading = readEnvironmentProvider({ CONTEXTERM_PROVIDER: 'openai', CONTEXTERM_BASE_URL: 'https://user:pw@proxy.example/v1' });
    expect(reading.provider?.provider.baseUrl).toBe('https://api.openai.com/v1');
    expect(reading.problems).toEqual([expect.stringMatching(/CONTEXTERM_BASE_URL/)]);
    expect(reading.problems.join()).not.toContain('pw@');
  });
});
