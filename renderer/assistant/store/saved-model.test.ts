// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { ModelRef } from '../../../shared/ipc/assistant';
import { savedModel } from './saved-model';

const cases: unknown[] = [
  { providerId: 'openai', model: 'gpt-4o' },
  { providerId: 'local-1', model: 'x'.repeat(200) },
  { providerId: 'local-1', model: 'x'.repeat(201) },
  { providerId: 'openai', model: '' },
  { providerId: 'OpenAI', model: 'gpt' },
  { providerId: '-a', model: 'gpt' },
  { providerId: 'a'.repeat(40), model: 'gpt' },
  { providerId: 'a'.repeat(41), model: 'gpt' },
  { providerId: 'openai', model: 'gpt', extra: 1 },
  { providerId: 'openai' },
  { model: 'gpt' },
  { providerId: 7, model: 'gpt' },
  ['openai', 'gpt'],
  'openai/gpt',
  null,
  undefined,
];

describe('the saved model', () => {
  it('is taken exactly when the ModelRef schema takes it', () => {
    for (const value of cases) expect(savedModel(value), JSON.stringify(value)).toEqual(ModelRef.safeParse(value).data);
  });

  it('keeps a valid choice and drops a damaged one', () => {
    expect(savedModel({ providerId: 'openai', model: 'gpt-4o' })).toEqual({ providerId: 'openai', model: 'gpt-4o' });
    expect(savedModel({ providerId: 'openai', model: '' })).toBeUndefined();
  });
});
