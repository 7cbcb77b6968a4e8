// SPDX-License-Identifier: MIT
import { useShallow } from 'zustand/react/shallow';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import './assistant.css';
import { Composer } from './composer/composer';
import { ContextBar } from './context/context-bar';
import { ConversationMenu } from './conversation/conversation-menu';
import { EmptyConversation, SetupHelp } from './empty-state';
import { MessageList } from './messages/message-list';
import { hideAssistant } from './pane-focus';
import { useAssistant } from './store/assistant-store';
import { cancel } from './turn/turn-actions';

/** The assistant beside the terminals: conversation, context controls and the composer. */
export const AssistantPane = () => {
  const { notice, empty, unreachable } = useAssistant(
    useShallow((state) => ({
      notice: state.notice,
      empty: state.messages.length === 0 && state.turn === undefined && state.failure === undefined,
      unreachable: state.failure?.conversationId === state.conversationId && state.failure?.error.kind === 'unreachable',
    })),
  );
  return (
    <section
      className="assistant-pane"
      aria-label="Assistant"
      data-testid="assistant-pane"
      onKeyDown={(event) => {
        // Esc stops a streaming answer, else goes back to the terminal; only from inside the pane:
        // in the terminal Esc belongs to the shell.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        if (useAssistant.getState().turn) void cancel();
        else focusActiveTerminal();
      }}
    >
      <header className="panel-header assistant-head">
        <span className="panel-title">Assistant</span>
        <ConversationMenu />
        <button className="icon-button" aria-label="Hide the assistant (Ctrl+Shift+A)" title="Hide (Ctrl+Shift+A)" onClick={hideAssistant}>
          ×
        </button>
      </header>
      <ContextBar />
      {notice && (
        <div className="panel-error notice" role="alert">
          <span>{notice}</span>
          <button className="icon-button" aria-label="Dismiss" onClick={() => useAssistant.getState().noticeDismissed()}>
            ×
          </button>
        </div>
      )}
      {empty ? (
        <div className="message-list">
          <EmptyConversation />
        </div>
      ) : (
        <MessageList />
      )}
      {unreachable && <SetupHelp reason="unreachable" />}
      <Composer />
    </section>
  );
};
