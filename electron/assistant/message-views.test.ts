// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { ConversationMessage } from '../../shared/ipc/assistant';
import { toMessageViews } from './message-views';

describe('toMessageViews', () => {
  it('keeps an attachment marked forgotten through the wire schema, so the pane marks its chip rather than show its id', () => {
    const [view] = toMessageViews([
      {
        id: 'm1',
        conversationId: 'c1',
        seq: 1,
        role: 'user',
        content: 'why?',
        tokenCount: 1,
        tokenModel: 'x',
        createdAt: 1,
        compactedBy: null,
        summaryOf: null,
        // As scrub-attachments.ts leaves it after a forget.
        meta: {
          attachments: [
            { commandId: 's:1', commandLine: null, forgotten: true },
            { commandId: 's:2', commandLine: 'ls' },
          ],
        },
      },
    ]);
    expect(ConversationMessage.parse(view).attachments).toEqual([
      { commandId: 's:1', commandLine: null, forgotten: true },
      { commandId: 's:2', commandLine: 'ls' },
    ]);
  });
});
