// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { assistantChannels } from './assistant';

const model = { providerId: 'ollama', model: 'llama3.2' };

describe('assistant channel schemas', () => {
  it('fills defaults for an ask and keeps the question as typed', () => {
    const turnId = '0f8e2b1c-3d4a-4b5c-8d9e-1f2a3b4c5d6e';
    const parsed = assistantChannels['assistant:ask'].req.parse({ conversationId: 'c1', question: '  why?  ', model, turnId });
    expect(parsed).toEqual({ conversationId: 'c1', question: '  why?  ', attachments: [], model, turnId });
  });

  it.each([
    ['assistant:ask', { conversationId: 'c1', question: '', model }],
    ['assistant:ask', { conversationId: 'c1', question: 'x'.repeat(100_001), model }],
    ['assistant:ask', { conversationId: 'c1', question: 'q', model, attachments: Array.from({ length: 51 }, (_v, i) => `s:${i}`) }],
    ['assistant:ask', { conversationId: 'c1', question: 'q', model: { providerId: 'Bad Id', model: 'm' } }],
    ['assistant:ask', { conversationId: 'c1', question: 'q', model: { ...model, apiKey: 'sk-x' } }],
    ['assistant:ask', { conversationId: '', question: 'q', model }],
    ['assistant:ask', { conversationId: 'c1', question: ' \n\t ', model, turnId: '0f8e2b1c-3d4a-4b5c' }],
    ['assistant:cancel', { turnId: '' }],
    ['assistant:retry', { conversationId: 'c1', question: 'again' }],
    ['conversations:list', { limit: 0 }],
    ['conversations:create', { title: '' }],
    ['conversations:rename', { conversationId: 'c1', title: 'x'.repeat(201) }],
    ['conversations:delete', { conversationId: 'c1', force: true }],
    ['conversations:search', { query: '' }],
    ['conversations:get', {}],
  ] as const)('%s rejects %j', (channel, payload) => {
    const def = assistantChannels[channel];
    expect(def.kind === 'invoke' && def.req.safeParse(payload).success).toBe(false);
  });

  it('describes the events the pane renders', () => {
    const error = { kind: 'rate-limited', message: 'slow down', retryable: true, retryAfterMs: 7000, status: 429 };
    expect(
      assistantChannels['assistant:error'].payload.safeParse({ turnId: 't', conversationId: 'c', error, partialText: 'The', message: null })
        .success,
    ).toBe(true);
    expect(
      assistantChannels['assistant:error'].payload.safeParse({
        turnId: 't',
        conversationId: 'c',
        error: { ...error, kind: 'boom' },
        partialText: '',
        message: null,
      }).success,
    ).toBe(false);
    const call = { id: 'call_1', name: 'get_commands', arguments: '{"command_ids":["s:1"]}', status: 'done', summary: '2 KB' };
    expect(assistantChannels['assistant:tool'].payload.safeParse({ turnId: 't', conversationId: 'c', round: 1, call }).success).toBe(true);
  });
});
