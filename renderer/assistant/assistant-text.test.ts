// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { LlmErrorInfo } from '../../shared/ipc/assistant';
import type { ContextPreview, PreviewSection } from '../../shared/ipc/context';
import type { ProviderView, SettingsView } from '../../shared/ipc/settings';
import { describeError } from './error-text';
import { modelOptions, pickModel } from './model-options';
import { clampWidth } from './prefs';
import { promptOf } from './prompt-text';
import { describeRedactions, markRedactions } from './redaction-marks';

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
    expect(describeError(error('rate-limited', { status: 429, retryAfterMs: 20_000 })).title).toBe('Rate limited (HTTP 429). Retry after 20 s.');
    expect(describeError(error('auth', { status: 401 })).title).toContain('(HTTP 401)');
    expect(describeError(error('model-not-found', { status: 404 }), { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2' }).title).toContain(
      'ollama pull llama3.2',
    );
  });

  it('keeps the provider message as detail', () => {
    expect(describeError(error('server', { status: 500 })).detail).toBe('provider says no');
  });
});

describe('redaction marks', () => {
  it('splits placeholders out of the text', () => {
    expect(markRedactions('key=[REDACTED:aws-key] and [REDACTED:jwt].')).toEqual([
      { kind: 'text', text: 'key=' },
      { kind: 'redacted', text: '[REDACTED:aws-key]', label: 'aws-key' },
      { kind: 'text', text: ' and ' },
      { kind: 'redacted', text: '[REDACTED:jwt]', label: 'jwt' },
      { kind: 'text', text: '.' },
    ]);
    expect(markRedactions('[REDACTED:Bad Kind]')).toEqual([{ kind: 'text', text: '[REDACTED:Bad Kind]' }]);
    expect(describeRedactions({ jwt: 1, 'aws-key': 2, none: 0 })).toBe('2 × aws-key, 1 × jwt');
  });
});

const section = (id: PreviewSection['id'], title: string, text: string): PreviewSection => ({
  id,
  title,
  text,
  tokens: 1,
  items: 1,
  trimmed: { items: 0, tokens: 0, truncated: 0, notes: [] },
  redactions: {},
});

describe('copy as prompt', () => {
  const base: Omit<ContextPreview, 'sections'> = {
    model: 'm',
    tokenizer: 'estimate',
    exactTokens: false,
    budget: { contextLimit: null, effectiveLimit: 0, reservedOutputTokens: 0, available: 0, used: 0 },
    catalog: [],
    redactions: {},
    trimmed: [],
    usage: null,
  };

  it('lays the sections out in seed 001 prompt form', () => {
    const prompt = promptOf({
      ...base,
      sections: [
        section('system', 'System prompt', 'Be brief.'),
        section('history', 'Conversation history', '[User]\nhi\n\n[Assistant]\nhello'),
        section('pinned', 'Pinned commands', 'npm test → exit 1'),
        section('question', 'Your question', 'why?'),
      ],
    });
    expect(prompt).toBe(
      '[System]\nBe brief.\n\n[User]\nhi\n\n[Assistant]\nhello\n\n[User]\n<terminal-context>\n## Pinned commands\nnpm test → exit 1\n</terminal-context>\n\nwhy?',
    );
  });

  it('prefers the engine rendering when the preview carries one', () => {
    expect(promptOf({ ...base, sections: [], prompt: 'exact' } as ContextPreview)).toBe('exact');
  });
});

const provider = (id: string, defaultModel: string, models: string[]): ProviderView => ({
  id,
  kind: 'openai-compatible',
  label: id,
  baseUrl: 'http://127.0.0.1:11434/v1',
  defaultModel,
  timeoutSeconds: 60,
  hasKey: false,
  keySource: null,
  models,
  modelsFetchedAt: null,
});

describe('model picker', () => {
  const view = {
    providers: [provider('ollama', '', ['llama3.2']), provider('environment', 'scripted', ['scripted', 'other'])],
    defaultProviderId: 'environment',
  } as unknown as SettingsView;

  it('lists providers × models without repeats', () => {
    expect(modelOptions(view).map((o) => `${o.providerId}/${o.model}`)).toEqual(['ollama/llama3.2', 'environment/scripted', 'environment/other']);
  });

  it('keeps a remembered choice while its provider exists, else uses the default', () => {
    expect(pickModel(view, { providerId: 'ollama', model: 'llama3.2' })).toEqual({ providerId: 'ollama', model: 'llama3.2' });
    expect(pickModel(view, { providerId: 'gone', model: 'x' })).toEqual({ providerId: 'environment', model: 'scripted' });
    expect(pickModel({ ...view, providers: [provider('ollama', '', [])] } as SettingsView, undefined)).toBeUndefined();
  });

  it('clamps the pane width to the window', () => {
    expect(clampWidth(100, 1600)).toBe(280);
    expect(clampWidth(5000, 1600)).toBe(900);
    expect(clampWidth(800, 1000)).toBe(680);
    expect(clampWidth(Number.NaN, 1600)).toBe(420);
  });
});
