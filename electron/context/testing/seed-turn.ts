// SPDX-License-Identifier: MIT
import type { ConversationService } from '../conversation/conversation-service';

type Answer = Parameters<ConversationService['recordAnswer']>[0];

/** One question and its answer, with what the provider reported for calibration. */
export interface SeededTurn {
  readonly conversationId: string;
  readonly question: string;
  readonly answer: string;
  readonly toolCalls?: Answer['toolCalls'];
  readonly reported?: Answer['reported'];
}

/**
 * Seeds a finished turn the way the assistant stores one (the question, then its answer at the
 * same instant, in the conversation's model), then reports the usage as after an answer: the
 * production calls, so tests need no turn-recording method of their own on the service.
 */
export const seedTurn = async (service: ConversationService, turn: SeededTurn): ReturnType<ConversationService['reportUsage']> => {
  const { model } = await service.requireConversation(turn.conversationId);
  const question = await service.recordQuestion({ conversationId: turn.conversationId, model, question: turn.question });
  await service.recordAnswer({
    conversationId: turn.conversationId,
    model,
    answer: turn.answer,
    at: question.createdAt,
    ...(turn.toolCalls ? { toolCalls: turn.toolCalls } : {}),
    ...(turn.reported ? { reported: turn.reported } : {}),
  });
  return service.reportUsage(turn.conversationId);
};
