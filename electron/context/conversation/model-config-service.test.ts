// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { InMemoryModelConfigRepository } from '../testing/in-memory-repositories';
import { defaultReservedOutput, knownContextLimit, normalizeModelName } from '../../../shared/domain/model-limits';
import { ModelConfigService } from './model-config-service';

describe('model context configuration', () => {
  it('gives an unknown model no limit and Summarize until configured', async () => {
    const service = new ModelConfigService(new InMemoryModelConfigRepository());
    const config = await service.get('unknown-model');
    expect(config).toMatchObject({
      contextLimit: 0,
      compactionMode: 'summarize',
      warningThreshold: 0.8,
      source: 'none',
      effectiveLimit: null,
    });
  });

  it('stores a custom config and returns it', async () => {
    const repo = new InMemoryModelConfigRepository();
    const service = new ModelConfigService(repo);
    await service.set({ model: 'foundation-3b', contextLimit: 4096, compactionMode: 'truncate-oldest', warningThreshold: 0.8 });
    const again = new ModelConfigService(repo);
    expect(await again.get('foundation-3b')).toMatchObject({
      contextLimit: 4096,
      compactionMode: 'truncate-oldest',
      source: 'user',
      effectiveLimit: 3276,
    });
  });

  it('ships editable defaults for common models', async () => {
    const service = new ModelConfigService(new InMemoryModelConfigRepository());
    expect(await service.get('gpt-4o-mini')).toMatchObject({ contextLimit: 128_000, source: 'default', compactionMode: 'summarize' });
    expect(await service.get('anthropic/claude-sonnet-4-5')).toMatchObject({ contextLimit: 200_000 });
    expect(await service.get('llama3.1:8b')).toMatchObject({ contextLimit: 131_072 });
    expect(await service.get('llama3:8b')).toMatchObject({ contextLimit: 8_192, compactionMode: 'truncate-oldest' });
    const edited = await service.set({ model: 'gpt-4o-mini', contextLimit: 32_000 });
    expect(edited).toMatchObject({ contextLimit: 32_000, compactionMode: 'summarize', source: 'user' });
    expect(await service.reset('gpt-4o-mini')).toMatchObject({ contextLimit: 128_000, source: 'default' });
  });

  it('lists the user’s configs first and defaults they did not override', async () => {
    const service = new ModelConfigService(new InMemoryModelConfigRepository());
    await service.set({ model: 'gpt-4o', contextLimit: 64_000 });
    const list = await service.list();
    expect(list[0]).toMatchObject({ model: 'gpt-4o', source: 'user' });
    expect(list.filter((c) => c.model === 'gpt-4o')).toHaveLength(1);
    expect(list.some((c) => c.model === 'claude' && c.source === 'default')).toBe(true);
  });

  it('refuses a reserved output that leaves no room for input', async () => {
    const service = new ModelConfigService(new InMemoryModelConfigRepository());
    await expect(service.set({ model: 'tiny', contextLimit: 1000, reservedOutputTokens: 800 })).rejects.toMatchObject({
      name: 'ModelConfigError',
    });
  });

  it('normalises names and sizes the answer reserve with the window', () => {
    expect(normalizeModelName(' OpenAI/GPT-4o ')).toBe('gpt-4o');
    expect(knownContextLimit('o3-mini')).toBe(200_000);
    expect(knownContextLimit('o1-mini')).toBe(128_000);
    expect(knownContextLimit('gpt-4')).toBe(8_192);
    expect(knownContextLimit('my-finetune')).toBeNull();
    expect(defaultReservedOutput(1000)).toBe(256);
    expect(defaultReservedOutput(32_000)).toBe(3200);
    expect(defaultReservedOutput(1_000_000)).toBe(8192);
  });
});
