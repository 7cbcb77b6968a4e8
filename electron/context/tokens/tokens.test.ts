// SPDX-License-Identifier: MIT
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { newContext } from '../domain/llm-context';
import {
  countRequestTokens,
  createTokenCounter,
  MESSAGE_OVERHEAD_TOKENS,
  REQUEST_OVERHEAD_TOKENS,
  TokenCalibration,
  TokenCounters,
} from './token-counter';
import { classifyContent, estimateTokens, estimateTokensFromBytes } from './token-estimate';
import { tokenSamples } from '../testing/token-samples';
import { countChunked, encodingForModel, loadTokenizer, safeCut } from './tokenizer';

const relError = (estimate: number, real: number) => Math.abs(estimate - real) / real;

describe('token estimate vs the real tokenizer (o200k_base)', () => {
  const samples = tokenSamples();

  it.each(samples.map((s) => s.name))('%s is within 10 %%', (name) => {
    const sample = samples.find((s) => s.name === name)!;
    const real = countTokens(sample.text);
    expect(relError(estimateTokens(sample.text), real)).toBeLessThan(0.1);
  });

  it('each content class is within 10 % in aggregate, where flat bytes÷4 is not on terminal output', () => {
    for (const kind of ['terminal', 'code', 'prose'] as const) {
      const text = samples
        .filter((s) => s.kind === kind)
        .map((s) => s.text)
        .join('\n');
      expect(relError(estimateTokens(text), countTokens(text))).toBeLessThan(0.1);
    }
    const terminal = samples
      .filter((s) => s.kind === 'terminal')
      .map((s) => s.text)
      .join('\n');
    expect(relError(Math.ceil(Buffer.byteLength(terminal) / 4), countTokens(terminal))).toBeGreaterThan(0.1);
  });

  it('is zero for empty text and at least one for anything else', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a')).toBe(1);
    expect(estimateTokens('\n')).toBe(1);
  });

  it('prices hashes and base64 far denser than words', () => {
    const words = 'the build failed because the server was not running '.repeat(4);
    const hash = 'c0ffee4ab1e9d2f70e3b5a6c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b'.repeat(4);
    const density = (s: string) => estimateTokens(s) / s.length;
    expect(density(hash)).toBeGreaterThan(2 * density(words));
    expect(relError(estimateTokens(hash), countTokens(hash))).toBeLessThan(0.2);
  });

  it('classifies samples into terminal, code and prose', () => {
    const byName = new Map(samples.map((s) => [s.name, s.text]));
    expect(classifyContent(byName.get('ls -l')!)).toBe('terminal');
    expect(classifyContent(byName.get('kubectl get pods')!)).toBe('terminal');
    expect(classifyContent(byName.get('TypeScript')!)).toBe('code');
    expect(classifyContent(byName.get('prose')!)).toBe('prose');
    expect(estimateTokensFromBytes(2430)).toBe(1000);
    expect(estimateTokensFromBytes(4720, 'prose')).toBe(1000);
  });
});

describe('exact tokenizer', () => {
  it('maps OpenAI families to their encodings and everything else to the estimate', () => {
    expect(encodingForModel('gpt-4o-mini')).toBe('o200k_base');
    expect(encodingForModel('openai/gpt-5')).toBe('o200k_base');
    expect(encodingForModel('o3-mini')).toBe('o200k_base');
    expect(encodingForModel('gpt-4-turbo')).toBe('cl100k_base');
    expect(encodingForModel('gpt-3.5-turbo')).toBe('cl100k_base');
    expect(encodingForModel('claude-sonnet-4-5')).toBeNull();
    expect(encodingForModel('llama3.1:8b')).toBeNull();
  });

  it('loads once and caches', async () => {
    expect(loadTokenizer('o200k_base')).toBe(loadTokenizer('o200k_base'));
    expect((await loadTokenizer('cl100k_base')).count('hello world')).toBe(2);
  });

  it('counts text that looks like special tokens as plain text', async () => {
    const tok = await loadTokenizer('o200k_base');
    expect(tok.count('print("<|endoftext|>")')).toBeGreaterThan(3);
  });

  it('counts in slices that add up exactly to the whole, and lets the event loop run between them', async () => {
    const tok = await loadTokenizer('o200k_base');
    const text = tokenSamples()
      .map((s) => s.text)
      .join('\n')
      .repeat(3);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    const sliced = await countChunked(tok, text, 4096);
    clearInterval(ticker);
    expect(sliced).toBe(countTokens(text));
    expect(ticks).toBeGreaterThan(0);
  });

  it('cuts only after a newline followed by a non-space character', () => {
    const text = 'abc\n  def\nghi\n';
    expect(safeCut(text, 9)).toBe(10);
    expect(safeCut('no newline here', 5)).toBe(15);
  });
});

describe('token counters and calibration', () => {
  it('counts exactly for OpenAI models and teaches the estimate from it', async () => {
    const calibration = new TokenCalibration();
    const counter = createTokenCounter('gpt-4o', calibration);
    const text = tokenSamples()[0]!.text;
    expect(counter.exact).toBe(true);
    expect(counter.exactSync(text)).toBeNull();
    expect(await counter.countExact(text)).toBe(countTokens(text));
    expect(counter.exactSync(text)).toBe(countTokens(text));
    counter.learn(counter.count(text), countTokens(text));
    expect(calibration.samples('gpt-4o')).toBe(1);
    expect(relError(counter.count(text), countTokens(text))).toBeLessThan(0.01);
  });

  it('uses the estimate for models without a tokenizer, corrected by reported usage', async () => {
    const counters = new TokenCounters();
    const counter = counters.for('claude-sonnet-4-5');
    const text = tokenSamples()[9]!.text;
    expect(counter.exact).toBe(false);
    expect(await counter.countExact(text)).toBe(counter.count(text));
    const before = counter.count(text);
    for (let i = 0; i < 10; i++) counters.observeUsage('claude-sonnet-4-5', counter.count(text), Math.round(before * 1.2));
    expect(counter.count(text) / before).toBeGreaterThan(1.15);
    expect(counter.count(text) / before).toBeLessThan(1.25);
  });

  it('clamps a wild usage report and ignores tiny requests', () => {
    const calibration = new TokenCalibration();
    calibration.observe('m', 1000, 50_000);
    expect(calibration.factor('m')).toBe(2);
    calibration.observe('n', 10, 1000);
    expect(calibration.factor('n')).toBe(1);
  });

  it('adds chat framing per message and the tools definitions to a request', () => {
    const ctx = { ...newContext('hi'), systemPrompt: 'sys', history: [{ role: 'user', content: 'q' }] };
    const words = (s: string) => (s === '' ? 0 : 1);
    expect(countRequestTokens(ctx, words)).toBe(REQUEST_OVERHEAD_TOKENS + 3 * MESSAGE_OVERHEAD_TOKENS + 3);
    const withTools = { ...ctx, tools: [{ name: 't', description: 'd', parameters: {} }] };
    expect(countRequestTokens(withTools, words)).toBe(countRequestTokens(ctx, words) + 1);
  });
});
