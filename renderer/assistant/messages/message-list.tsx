// SPDX-License-Identifier: MIT
import { Fragment, useLayoutEffect, useRef } from 'react';
import { useAssistant } from '../store/assistant-store';
import { ErrorNotice } from './error-notice';
import { MessageItem } from './message-item';
import { StreamingTurn } from './streaming-turn';
import { useStickToBottom } from './stick-to-bottom';

/**
 * The conversation, oldest first. Messages folded into a compaction or a clear stay visible but
 * dimmed, above a line marking where the context now starts (they are no longer sent; Undo brings
 * them back). Sticks to the bottom while the user is there (also when a step's status grows or
 * the pane gets shorter), so a streaming answer or a running step stays in view without yanking
 * someone reading further up.
 */
export const MessageList = () => {
  const messages = useAssistant((state) => state.messages);
  const turnText = useAssistant((state) => state.turn?.text.length ?? -1);
  const failure = useAssistant((state) => state.failure);
  const conversationId = useAssistant((state) => state.conversationId);
  // The failure the notice below shows (it shows only the open conversation's).
  const toldBelow = failure?.conversationId === conversationId ? failure?.messageId : undefined;
  const list = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { pinned, onScroll } = useStickToBottom(list, content);

  useLayoutEffect(() => {
    if (pinned.current && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages, turnText, failure]);

  const lastCompacted = messages.findLastIndex((m) => m.compacted);
  return (
    <div className="message-list" ref={list} role="log" aria-label="Conversation" aria-live="polite" onScroll={onScroll}>
      {/* Its own box, so a ResizeObserver sees the content grow between renders of this list. */}
      <div className="message-list-content" ref={content}>
        {messages.map((message, index) => (
          <Fragment key={message.id}>
            {/* The current failure with nothing streamed (no text, no command) is told by the error notice below, with Retry. */}
            {!(message.id === toldBelow && !message.content && message.steps.length === 0) && (
              <MessageItem message={message} errorToldBelow={message.id === toldBelow} />
            )}
            {index === lastCompacted && (
              <div className="context-cut" role="separator">
                Context starts here · messages above are not sent
              </div>
            )}
          </Fragment>
        ))}
        <StreamingTurn />
        <ErrorNotice />
      </div>
    </div>
  );
};
