// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { effectiveLimit } from '../../../shared/domain/model-limits';
import { estimateTokens } from '../tokens/token-estimate';
import { contextUsage, reachesThreshold } from './usage';

describe('types and estimates', () => {
  it('estimates the seed’s strings as the seed did, without its flat bytes÷4', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('test')).toBe(1);
    expect(estimateTokens('hello world!')).toBe(3);
  });

  it('applies a 0.8 safety margin', () => {
    expect(effectiveLimit(4096)).toBe(3276);
    expect(effectiveLimit(128_000)).toBe(102_400);
  });

  it('reports usage as a percentage of the limit', () => {
    const usage = contextUsage(5, 2000, 4096);
    expect(usage.usagePercent).toBeGreaterThan(48);
    expect(usage.usagePercent).toBeLessThan(49);
    expect(usage).toMatchObject({ messageCount: 5, estimatedTokens: 2000, contextLimit: 4096 });
  });

  it('has no percentage without a limit', () => {
    expect(contextUsage(5, 2000, null).usagePercent).toBeNull();
    expect(contextUsage(5, 2000, 0)).toMatchObject({ contextLimit: null, usagePercent: null });
  });

  it('reaches the threshold at exactly threshold × 100 %', () => {
    expect(reachesThreshold(contextUsage(1, 800, 1000), 0.8)).toBe(true);
    expect(reachesThreshold(contextUsage(1, 799, 1000), 0.8)).toBe(false);
    expect(reachesThreshold(contextUsage(1, 10_000, null), 0.8)).toBe(false);
  });
});
