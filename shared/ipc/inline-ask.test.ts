// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { inlineAskChannels } from './inline-ask';

const ask = inlineAskChannels['assistant:inline-ask'].req;
const cancel = inlineAskChannels['assistant:inline-cancel'].req;
const valid = { requestId: 'req-00000001', sessionId: 's1', words: 'list files', model: { providerId: 'local', model: 'm' } };

describe('the inline-ask channels', () => {
  it('take words with a session, a model and a client request id, and optionally the exchange refined', () => {
    expect(ask.safeParse(valid).success).toBe(true);
    expect(ask.safeParse({ ...valid, shell: '/bin/bash', previous: { words: 'list', command: 'ls' } }).success).toBe(true);
  });

  it.each([
    ['empty words', { ...valid, words: '' }],
    ['blank words', { ...valid, words: '   ' }],
    ['words over 2000 characters', { ...valid, words: 'x'.repeat(2001) }],
    ['no session', { ...valid, sessionId: '' }],
    ['a request id with spaces', { ...valid, requestId: 'not an id' }],
    ['a model without a provider', { ...valid, model: { model: 'm' } }],
    ['a previous exchange without its command', { ...valid, previous: { words: 'list' } }],
    ['an unknown field', { ...valid, run: true }],
  ])('refuse %s', (_name, payload) => {
    expect(ask.safeParse(payload).success).toBe(false);
  });

  it('cancel by request id only', () => {
    expect(cancel.safeParse({ requestId: 'req-00000001' }).success).toBe(true);
    expect(cancel.safeParse({ requestId: 'x' }).success).toBe(false);
    expect(cancel.safeParse({ requestId: 'req-00000001', turnId: 'req-00000001' }).success).toBe(false);
  });
});
