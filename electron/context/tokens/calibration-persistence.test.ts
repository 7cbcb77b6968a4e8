// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { persistCalibration, type CalibrationRepository } from './calibration-persistence';
import { TokenCounters } from './token-counter';

const repository = (initial?: string): CalibrationRepository & { value: string | undefined } => {
  const repo = {
    value: initial,
    load: async () => repo.value,
    save: async (json: string) => {
      repo.value = json;
    },
  };
  return repo;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const PROMPT = 'You are the assistant of a terminal. '.repeat(10);

describe('token calibration across a restart (issue 21)', () => {
  it('counts the same text the same after a restart as before it', async () => {
    const repo = repository();
    const before = new TokenCounters();
    await persistCalibration(before, repo);
    const uncalibrated = before.for('local-llm').count(PROMPT);
    // A provider that reports half the estimate (prompt caching, another tokenizer) teaches ×0.5.
    for (let i = 0; i < 6; i++) before.observeUsage('local-llm', 1000, 400);
    await settle();
    const learned = before.for('local-llm').count(PROMPT);
    expect(learned).toBeLessThan(uncalibrated * 0.7);

    const after = new TokenCounters();
    await persistCalibration(after, repo);
    expect(after.for('local-llm').count(PROMPT)).toBe(learned);
    expect(after.for('local-llm').calibration()).toEqual(before.for('local-llm').calibration());
  });

  it('keeps only provider-taught factors, and ignores a damaged or out-of-range saved value', async () => {
    const exact = new TokenCounters();
    const repo = repository();
    await persistCalibration(exact, repo);
    exact.for('gpt-4o').learn(1000, 1500);
    await settle();
    expect(repo.value).toBeUndefined();

    for (const saved of ['not json', '[1,2]', '{"m":{"factor":"x","samples":1}}']) {
      const counters = new TokenCounters();
      await persistCalibration(counters, repository(saved));
      expect(counters.for('m').calibration()).toEqual({ factor: 1, samples: 0 });
    }
    const clamped = new TokenCounters();
    await persistCalibration(clamped, repository('{"m":{"factor":40,"samples":3}}'));
    expect(clamped.for('m').calibration()).toEqual({ factor: 2, samples: 3 });
  });

  it('reports a failed save instead of throwing into the answer that taught it', async () => {
    const errors: unknown[] = [];
    const counters = new TokenCounters();
    await persistCalibration(counters, { load: async () => undefined, save: async () => Promise.reject(new Error('disk full')) }, (e) =>
      errors.push(e),
    );
    counters.observeUsage('m', 1000, 500);
    await settle();
    expect(errors).toHaveLength(1);
  });
});
