// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../shared/ipc/agent';
import type { ToolStepView } from '../../shared/ipc/mcp';
import type { Citation, ConversationMessage, LlmErrorInfo, MessageAttachment, TokenUsage, ToolCallView } from '../../shared/ipc/assistant';
import type { StoredMessageWithMeta } from '../store/conversations/conversation-records';

/** What the pane needs beyond the engine's message, stored in the message's `meta` column. */
export interface MessageMeta {
  /** The terminal the question was asked from: a retry uses its recent commands again. */
  readonly sessionId?: string | null;
  readonly attachments?: MessageAttachment[];
  readonly toolCalls?: ToolCallView[];
  /** The commands the assistant proposed in this answer (run_command), as they ended. */
  readonly steps?: AgentStepView[];
  /** Calls to tools of the user's MCP servers in this answer, as they ended. */
  readonly toolSteps?: ToolStepView[];
  /** The records the answer cites that exist (checked when it was stored). */
  readonly citations?: Citation[];
  readonly usage?: TokenUsage | null;
  readonly model?: { providerId: string; model: string } | null;
  /** On a question whose answer failed or was cancelled: why, and what had streamed. */
  readonly error?: LlmErrorInfo;
  readonly partialText?: string;
}

const metaOf = (message: StoredMessageWithMeta): MessageMeta => (message.meta ?? {}) as MessageMeta;

/**
 * Stored messages as the pane shows them. A question whose answer failed carries the error on the
 * question itself (so a retry can drop it and ask again); the view shows it as a failed answer.
 */
export const toMessageViews = (messages: readonly StoredMessageWithMeta[]): ConversationMessage[] => {
  const views: ConversationMessage[] = [];
  for (const message of messages) {
    if (message.role === 'tool') continue;
    const meta = metaOf(message);
    // A compaction summary stands in for the messages it hid; the pane shows it as the assistant's note.
    const summary = message.summaryOf !== null;
    views.push({
      id: message.id,
      conversationId: message.conversationId,
      role: message.role === 'user' && !summary ? 'user' : 'assistant',
      content: summary ? `**Summary of the earlier conversation**\n\n${message.content}` : message.content,
      attachments: meta.attachments ?? [],
      toolCalls: meta.toolCalls ?? [],
      // A failed answer's steps are on its question (see failedAnswerView).
      steps: message.role === 'user' ? [] : (meta.steps ?? []),
      toolSteps: message.role === 'user' ? [] : (meta.toolSteps ?? []),
      citations: meta.citations ?? [],
      usage: meta.usage ?? null,
      model: meta.model ?? null,
      createdAt: message.createdAt,
      compacted: message.compactedBy !== null,
      error: null,
    });
    if (message.role === 'user' && meta.error)
      views.push(failedAnswerView(message, meta.error, meta.partialText ?? '', meta.steps ?? [], meta.toolSteps ?? []));
  }
  return views;
};

const failedAnswerView = (
  question: StoredMessageWithMeta,
  error: LlmErrorInfo,
  partialText: string,
  steps: AgentStepView[] = [],
  toolSteps: ToolStepView[] = [],
): ConversationMessage => ({
  id: `${question.id}:failed`,
  conversationId: question.conversationId,
  role: 'assistant',
  content: partialText,
  attachments: [],
  toolCalls: [],
  steps,
  toolSteps,
  citations: [],
  usage: null,
  model: null,
  createdAt: question.createdAt,
  compacted: false,
  error,
});
